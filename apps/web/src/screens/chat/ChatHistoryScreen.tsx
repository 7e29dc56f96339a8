import { useQuery } from '@tanstack/react-query';
import { MsgType, syncMessages } from '@paichat/protocol';
import { call } from '../../api/request';
import { Avatar } from '../../components/Avatar';
import { readHistory } from '../../components/chat/HistoryCard';
import { ContentByType } from '../../components/chat/MessageBubble';
import { NoWayOn } from '../../components/NoWayOn';
import { Page } from '../../components/Page';
import { currentLocale, useT } from '../../i18n';
import { formatMessageTime } from '../../lib/chatTime';
import { useNow } from '../../lib/useNow';
import { useRouteParams } from '../../nav';
import s from './Forward.module.css';

/**
 * The card as the server has it now: the message at `seq`, if it is still that HISTORY message
 * for the viewer (not cleared, not deleted for themselves).
 */
async function fetchCard(chatId: string, msgId: string, seq: number) {
  const answer = await call(syncMessages, { chatId, afterSeq: seq - 1, limit: 1 });
  const message = answer.list[0];
  if (message?.msgId !== msgId || message.msgType !== MsgType.HISTORY) return null;
  return readHistory(message.content);
}

/**
 * `wx/chatWindow/history?chatId=…&msgId=…&seq=…`: a "Chat history" card's messages, read-only,
 * each with its sender and time, drawn as the chat draws them.
 */
export function ChatHistoryScreen() {
  const t = useT();
  const now = useNow();
  const locale = currentLocale();
  const { chatId = '', msgId = '', seq = '' } = useRouteParams();
  const at = Number(seq);
  const valid = /^\d+$/.test(chatId) && /^\d+$/.test(msgId) && Number.isInteger(at) && at > 0;
  const card = useQuery({
    queryKey: ['chatHistory', chatId, msgId, at],
    queryFn: () => fetchCard(chatId, msgId, at),
    enabled: valid,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const content = card.data;
  if (!valid || card.isError || content === null)
    return (
      <Page title={t('routes.chatHistory')}>
        <NoWayOn title={t('chatHistory.missing')} />
      </Page>
    );
  if (!content)
    return (
      <Page title={t('routes.chatHistory')}>
        <p role="status">{t('common.loading')}</p>
      </Page>
    );
  return (
    <Page title={content.title}>
      <ul className={s.items} aria-label={t('chatHistory.items', { count: content.items.length })}>
        {content.items.map((item, i) => (
          <li key={i} className={s.item}>
            <Avatar name={item.fromName} src={item.fromPortrait || undefined} alt="" size={36} />
            <div className={s.itemBody}>
              <div className={s.itemHead}>
                <span>{item.fromName}</span>
                <time dateTime={new Date(item.createTime).toISOString()}>
                  {formatMessageTime(item.createTime, now, locale)}
                </time>
              </div>
              <ContentByType msgType={item.msgType} content={item.content} />
            </div>
          </li>
        ))}
      </ul>
    </Page>
  );
}
