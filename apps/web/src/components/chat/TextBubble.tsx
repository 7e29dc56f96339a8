import { splitLinks } from '../../lib/links';
import s from './chat.module.css';

/**
 * A text message, rendered as text: whatever it contains (HTML included) is shown literally,
 * and its http(s) addresses are links that open in a new tab, telling the site nothing of
 * the chat (`noopener noreferrer`).
 * Focusable, so the keyboard's menu key opens the message's menu (Copy, Favorite) too.
 */
export function TextBubble({ text }: { text: string }) {
  return (
    // dir="auto": an Arabic message reads right to left in an English interface, and English in an Arabic one.
    <div className={s.text} tabIndex={0} dir="auto">
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a key={index} className={s.link} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </div>
  );
}
