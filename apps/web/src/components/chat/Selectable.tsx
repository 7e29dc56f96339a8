import { createContext, use, type ReactNode } from 'react';
import { useT } from '../../i18n';
import type { LocalMessage } from '../../store/chat/types';
import s from './Selectable.module.css';

/** The chat window's multi-select: which stored messages are chosen, by msgId. */
export interface MessageSelection {
  selected: ReadonlySet<string>;
  toggle(message: LocalMessage): void;
}

/** Set while the chat window selects messages (null otherwise). */
export const MessageSelectionContext = createContext<MessageSelection | null>(null);

/** What the long-press menu hands back to the chat window: forwarding, multi-select, quoting. */
export interface MessageActionsHost {
  forward(message: LocalMessage): void;
  select(message: LocalMessage): void;
  /** The next text replies to this message (the input shows it). */
  quote(message: LocalMessage): void;
}

export const MessageActionsHostContext = createContext<MessageActionsHost | null>(null);

/** Only messages the server has stored can be chosen (actions name them by id). */
export const isSelectable = (message: LocalMessage): message is LocalMessage & { msgId: string } =>
  Boolean(message.msgId) && message.seq !== undefined;

/**
 * A message row; while selecting, the whole row is the label of its checkbox ("Select message
 * from {name}") and what it holds is inert, so a tap anywhere on it chooses it.
 */
export function Selectable({
  message,
  name,
  children,
}: {
  message: LocalMessage;
  name: string;
  children: ReactNode;
}) {
  const t = useT();
  const selection = use(MessageSelectionContext);
  if (!selection || !isSelectable(message)) return children;
  return (
    <label className={s.selectRow}>
      <input
        type="checkbox"
        className={s.check}
        checked={selection.selected.has(message.msgId)}
        onChange={() => selection.toggle(message)}
        aria-label={t('multiSelect.select', { name })}
      />
      <div inert>{children}</div>
    </label>
  );
}
