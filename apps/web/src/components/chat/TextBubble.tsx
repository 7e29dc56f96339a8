import { splitLinks } from '../../lib/links';
import { useOpenLink } from './useOpenLink';
import s from './chat.module.css';

/**
 * A text message, rendered as text: whatever it contains (HTML included) is shown literally,
 * and its http(s) addresses are links: a tap opens the app's own page in the app and any other
 * in the web view (useOpenLink); opened in a new tab, they tell the site nothing of the chat
 * (`noopener noreferrer`).
 * Focusable, so the keyboard's menu key opens the message's menu (Copy, Favorite) too.
 */
export function TextBubble({ text }: { text: string }) {
  const openLink = useOpenLink();
  return (
    // dir="auto": an Arabic message reads right to left in an English interface, and English in an Arabic one.
    <div className={s.text} tabIndex={0} dir="auto">
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a
            key={index}
            className={s.link}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => openLink(event, part.href)}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </div>
  );
}
