import { MsgType, parseContent, type HistoryContent } from '@paichat/protocol';
import { useT } from '../../i18n';
import { contentPreview } from '../../store/chat/preview';
import s from './HistoryCard.module.css';

/** Lines of a "Chat history" card that show what it holds (WeChat shows a few). */
const CARD_LINES = 3;

/** Reads a HISTORY message's content; null when it does not fit. */
export const readHistory = (content: unknown): HistoryContent | null =>
  parseContent(MsgType.HISTORY, content);

/**
 * Forwarded messages merged into one card: its title and the first lines ("name: preview").
 * With `onOpen` it is a button that opens the read-only list of them.
 */
export function HistoryCard({ content, onOpen }: { content: HistoryContent; onOpen?: () => void }) {
  const t = useT();
  const body = (
    <>
      <span className={s.cardTitle}>{content.title}</span>
      {content.items.slice(0, CARD_LINES).map((item, i) => (
        <span key={i} className={s.cardLine}>
          {`${item.fromName}: ${contentPreview(item)}`}
        </span>
      ))}
      <span className={s.cardFooter}>{t('chatHistory.card')}</span>
    </>
  );
  return onOpen ? (
    <button type="button" className={s.card} onClick={onOpen}>
      {body}
    </button>
  ) : (
    <div className={s.card}>{body}</div>
  );
}
