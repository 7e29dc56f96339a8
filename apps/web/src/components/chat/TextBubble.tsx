import s from './chat.module.css';

/**
 * A text message, rendered as text: whatever it contains (HTML included) is shown literally.
 * Focusable, so the keyboard's menu key opens the message's menu (Copy, Favorite) too.
 */
export function TextBubble({ text }: { text: string }) {
  return (
    <div className={s.text} tabIndex={0}>
      {text}
    </div>
  );
}
