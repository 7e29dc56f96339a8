import { createContext, use } from 'react';
import { MsgType, Quote, QUOTE_SNIPPET_MAX } from '@paichat/protocol';
import { useT } from '../../i18n';
import { contentPreview } from '../../store/chat/preview';
import type { LocalMessage } from '../../store/chat/types';
import { readContent } from './content';
import s from './chat.module.css';

/**
 * Quote-reply (docs/architecture.md, "Message actions"): a reply's TEXT carries the original as
 * the server froze it when the reply was sent. The block above the reply names it ("name:
 * snippet", or its type's label); tapping it goes to the original where the chat window offers
 * that (QuoteJumpContext).
 */

/** The reply's quote, when its content holds a whole one (a row still sending holds only its msgId). */
export function readQuote(content: unknown): Quote | null {
  if (!content || typeof content !== 'object') return null;
  const parsed = Quote.safeParse((content as { quote?: unknown }).quote);
  return parsed.success ? parsed.data : null;
}

/** "name: snippet", or "name: [Image]" for what is not a text. */
export function quoteLine(quote: Pick<Quote, 'fromName' | 'msgType' | 'snippet'>): string {
  const what =
    quote.msgType === MsgType.TEXT ? quote.snippet : contentPreview({ msgType: quote.msgType, content: {} });
  return `${quote.fromName}: ${what}`;
}

/** What the input shows of a message being quoted, as the server will freeze it. */
export function quoteOfMessage(
  message: Pick<LocalMessage, 'msgType' | 'content'>,
  fromName: string,
): Pick<Quote, 'fromName' | 'msgType' | 'snippet'> {
  const text = message.msgType === MsgType.TEXT ? (readContent('TEXT', message.content)?.text ?? '') : '';
  return {
    fromName,
    msgType: message.msgType,
    snippet: Array.from(text).slice(0, QUOTE_SNIPPET_MAX).join(''),
  };
}

/** Goes to a quoted message in the chat window (scrolled to, loaded if need be, and marked). */
export const QuoteJumpContext = createContext<((quote: Quote) => void) | null>(null);

export function QuoteBlock({ quote }: { quote: Quote }) {
  const t = useT();
  const jump = use(QuoteJumpContext);
  if (quote.recalled) return <p className={s.quote}>{t('chatWindow.quoteRecalled')}</p>;
  const line = quoteLine(quote);
  if (!jump)
    return (
      <p className={s.quote} dir="auto">
        {line}
      </p>
    );
  return (
    <button type="button" className={s.quote} dir="auto" onClick={() => jump(quote)}>
      {line}
    </button>
  );
}
