import { useEffect, useRef, useState } from 'react';
import { MOMENT_COMMENT_MAX } from '@paichat/protocol';
import { useMomentActions } from '../../api/queries/moments';
import { useT } from '../../i18n';
import { showToast } from '../../lib/ui';
import { useVisualViewportHeight } from '../../lib/useVisualViewportHeight';
import type { CommentTarget } from './MomentComments';
import s from './moments.module.css';

/**
 * The comment input, open while a post (or a comment on it) is being answered. It sits on the
 * keyboard: its bottom follows the visible viewport, which the phone's keyboard shrinks. What
 * was typed stays if sending fails.
 */
export function CommentBar({ target, onClose }: { target: CommentTarget | null; onClose: () => void }) {
  const t = useT();
  const actions = useMomentActions();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const visible = useVisualViewportHeight();
  const keyboard = Math.max(0, window.innerHeight - visible);
  const key = target ? `${target.momentId}:${target.replyTo?.commentId ?? ''}` : '';

  useEffect(() => {
    if (key) input.current?.focus();
  }, [key]);

  if (!target) return null;
  const send = async () => {
    const body = text.trim();
    if (!body) {
      showToast(t('common.fillContent'));
      return;
    }
    setSending(true);
    try {
      await actions.comment(target.momentId, body, target.replyTo?.commentId);
      setText('');
      onClose();
    } catch {
      // The request function has said why; the text stays for another try.
    } finally {
      setSending(false);
    }
  };
  const placeholder = target.replyTo
    ? t('moments.replyTo', { name: target.replyTo.name })
    : t('moments.comment');

  return (
    <form
      className={s.commentBar}
      style={{ bottom: keyboard }}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <textarea
        ref={input}
        className={s.commentInput}
        rows={1}
        value={text}
        maxLength={MOMENT_COMMENT_MAX}
        placeholder={placeholder}
        aria-label={placeholder}
        enterKeyHint="send"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
        onBlur={(event) => {
          // Tapping away with nothing typed closes the bar, as WeChat does.
          if (!event.currentTarget.value.trim() && !event.relatedTarget) onClose();
        }}
      />
      <button type="submit" className={s.send} disabled={sending}>
        {t('moments.send')}
      </button>
    </form>
  );
}
