import { useT } from '../../i18n';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import type { LocalMessage } from '../../store/chat/types';
import { useChatLinks } from './ChatLinks';
import { HistoryCard, readHistory } from './HistoryCard';
import s from './chat.module.css';

/** A chat's "Chat history" message: the card, opening its page once the server has the message. */
export function OpenableHistoryCard({ message }: { message: LocalMessage }) {
  const t = useT();
  const nav = useNav();
  const { chatHistory } = useChatLinks();
  const content = readHistory(message.content);
  if (!content) return <div className={s.text}>{t('chatWindow.unsupported')}</div>;
  const { msgId, seq } = message;
  const open =
    chatHistory && msgId && seq !== undefined
      ? () => nav.navigateTo(withQuery(chatHistory, { chatId: message.chatId, msgId, seq: String(seq) }))
      : undefined;
  return <HistoryCard content={content} onOpen={open} />;
}
