import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { AddCircleOutline, AudioOutline, CloseCircleFill } from 'antd-mobile-icons';
import { TEXT_MAX } from '@paichat/protocol';
import { useT } from '../../i18n';
import { onDraftAdded } from '../../lib/draftAdditions';
import { loadDraft, saveDraft } from '../../lib/drafts';
import { LinkCardBody } from '../../components/chat/LinkCard';
import { HoldToTalk } from './HoldToTalk';
import { MentionPicker } from './MentionPicker';
import { insertMention, mentionsIn, typedAt, type Mention } from './mentions';
import { useLinkPreview } from './useLinkPreview';
import s from './ChatWindow.module.css';

/** From this many characters left, the bar says how many remain. */
export const COUNTER_FROM = 200;

/** What a text carries beside its words: its mentions, and the link it is sent with a card of. */
export type TextExtras = ReturnType<typeof mentionsIn> & { link?: { url: string } };

export interface InputBarProps {
  /** Drafts are kept under this key (the chat). */
  draftKey: string;
  /**
   * Sends the text, with the mentions whose "@Name" is still in it and the link whose card is
   * shown; rejects when it could not be queued (the text comes back).
   */
  onSendText: (text: string, extras: TextExtras) => Promise<void>;
  /** The chat a link in the text is previewed for (none: no previews). */
  previewChatId?: string;
  /** A group chat: typing "@" opens its member picker. */
  groupId?: string;
  /** The message the text replies to ("name: snippet"), and dropping it. */
  quote?: { line: string; onCancel: () => void };
  /** Sends a finished recording. */
  onSendVoice: (recording: Blob, seconds: number) => void;
  voiceMode: boolean;
  onVoiceModeChange: (voice: boolean) => void;
  menuOpen: boolean;
  onMenuToggle: () => void;
  menuId: string;
  disabled?: boolean;
  /** Called as the person types (throttled by the caller): one-to-one chats show "typing…". */
  onTyping?: () => void;
}

/** What goes with the text above the input (the quoted message, a link's card), and a button that drops it. */
function ComposerBar({
  className,
  label,
  closeLabel,
  onClose,
  children,
}: {
  className: string | undefined;
  label: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <div className={className} role="group" aria-label={label}>
      {children}
      <button type="button" className={s.quoteClose} aria-label={closeLabel} onClick={onClose}>
        <CloseCircleFill aria-hidden />
      </button>
    </div>
  );
}

/**
 * The composer: voice/keyboard toggle, the text (kept as a draft per chat until sent, so
 * nothing typed is lost by leaving the chat), and the "+" attachment menu, which becomes Send
 * while the box holds text.
 */
export function InputBar({
  draftKey,
  onSendText,
  onSendVoice,
  voiceMode,
  onVoiceModeChange,
  menuOpen,
  onMenuToggle,
  menuId,
  disabled = false,
  groupId,
  quote,
  previewChatId,
  onTyping,
}: InputBarProps) {
  const t = useT();
  const counterId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(() => loadDraft(draftKey));
  /** People picked from the "@" picker, and where the "@" that opened it was typed. */
  const [picked, setPicked] = useState<Mention[]>([]);
  const [picking, setPicking] = useState<number | null>(null);
  const preview = useLinkPreview(previewChatId, voiceMode ? '' : text);

  // Quoting a message: the reply is typed next.
  const quoteLine = quote?.line;
  useEffect(() => {
    if (quoteLine !== undefined) field.current?.focus();
  }, [quoteLine]);

  // Another chat in the same screen instance: its own draft.
  const [key, setKey] = useState(draftKey);
  if (key !== draftKey) {
    setKey(draftKey);
    setText(loadDraft(draftKey));
  }

  // Words put back from the chat (a recalled text's Re-edit): typed on, at the end.
  useEffect(
    () =>
      onDraftAdded(draftKey, (draft) => {
        setText(draft);
        onVoiceModeChange(false);
        // After the keyboard mode's textarea is drawn.
        requestAnimationFrame(() => {
          const area = field.current;
          area?.focus();
          area?.setSelectionRange(draft.length, draft.length);
        });
      }),
    [draftKey, onVoiceModeChange],
  );

  useLayoutEffect(() => {
    const area = field.current;
    if (!area) return;
    // Grow with the text up to four lines (the CSS max-height), then scroll inside.
    area.style.height = 'auto';
    area.style.height = `${area.scrollHeight + area.offsetHeight - area.clientHeight}px`;
  }, [text, voiceMode]);

  const change = (value: string) => {
    setText(value);
    saveDraft(draftKey, value);
  };

  const left = TEXT_MAX - text.length;
  const typing = !voiceMode && text.trim() !== '';
  const canSend = typing && left >= 0 && !disabled;

  const send = () => {
    if (!canSend) return;
    const sent = text;
    const link = preview.card && { link: { url: preview.card.url } };
    change('');
    setPicked([]);
    onSendText(sent, { ...mentionsIn(sent, picked), ...link }).catch(() => {
      // Not queued: the words go back where they were, unless something new was typed meanwhile.
      setText((current) => {
        const restored = current || sent;
        saveDraft(draftKey, restored);
        return restored;
      });
    });
    field.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends (the phone keyboard shows "Send"); Shift+Enter and IME composition do not.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const pick = (mention: Mention) => {
    const next = insertMention(text, picking ?? text.length, mention.name);
    change(next.text);
    setPicked((before) => [...before, mention]);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <div className={s.inputBar}>
      {quote && (
        <ComposerBar
          className={s.quoteBar}
          label={t('chatWindow.quoting')}
          closeLabel={t('chatWindow.quoteCancel')}
          onClose={quote.onCancel}
        >
          <span className={s.quoteLine} dir="auto">
            {quote.line}
          </span>
        </ComposerBar>
      )}
      {preview.card && (
        <ComposerBar
          className={s.linkBar}
          label={t('chatWindow.linkPreview')}
          closeLabel={t('chatWindow.linkPreviewClose')}
          onClose={preview.dismiss}
        >
          <span className={s.linkCard}>
            <LinkCardBody card={preview.card} />
          </span>
        </ComposerBar>
      )}
      <div className={s.inputRow}>
        <button
          type="button"
          className={s.iconButton}
          aria-label={voiceMode ? t('chatWindow.toKeyboard') : t('chatWindow.toVoice')}
          onClick={() => onVoiceModeChange(!voiceMode)}
        >
          {voiceMode ? (
            <span className={s.keyboardGlyph} aria-hidden>
              ⌨
            </span>
          ) : (
            <AudioOutline aria-hidden />
          )}
        </button>
        {voiceMode ? (
          <HoldToTalk onRecorded={onSendVoice} disabled={disabled} />
        ) : (
          <textarea
            ref={field}
            className={s.textarea}
            aria-label={t('chatWindow.message')}
            aria-describedby={left <= COUNTER_FROM ? counterId : undefined}
            value={text}
            rows={1}
            maxLength={TEXT_MAX}
            disabled={disabled}
            enterKeyHint="send"
            onChange={(event) => {
              const { value, selectionStart } = event.target;
              if (groupId && typedAt(text, value, selectionStart)) setPicking(selectionStart);
              if (value.trim() !== '') onTyping?.();
              change(value);
            }}
            onKeyDown={onKeyDown}
          />
        )}
        {/* As in WeChat: "+" until there is something to send, then the green Send in its place. */}
        {typing ? (
          <button type="button" className={s.sendButton} disabled={!canSend} onClick={send}>
            {t('chatWindow.send')}
          </button>
        ) : (
          <button
            type="button"
            className={s.iconButton}
            aria-label={t('chatWindow.more')}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            disabled={disabled}
            onClick={onMenuToggle}
          >
            <AddCircleOutline aria-hidden />
          </button>
        )}
      </div>
      {!voiceMode && left <= COUNTER_FROM && (
        <p id={counterId} className={s.counter} data-full={left <= 0 || undefined} aria-live="polite">
          {left <= 0
            ? t('chatWindow.tooLong', { max: TEXT_MAX })
            : t('chatWindow.charsLeft', { count: left })}
        </p>
      )}
      {groupId && (
        <MentionPicker
          groupId={groupId}
          open={picking !== null}
          onClose={() => {
            setPicking(null);
            // Back to typing, after the "@" (a pick then moves the caret past the name).
            field.current?.focus();
          }}
          onPick={pick}
        />
      )}
    </div>
  );
}
