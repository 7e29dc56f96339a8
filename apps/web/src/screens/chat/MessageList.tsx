import { useEffect, useMemo, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { DownOutline } from 'antd-mobile-icons';
import { MsgType, parseContent } from '@paichat/protocol';
import { currentLocale, useT } from '../../i18n';
import { formatMessageTime, needsTimeSeparator } from '../../lib/chatTime';
import { toMillis } from '../../lib/time';
import { useNow } from '../../lib/useNow';
import { MessageBubble, isNotice } from '../../components/chat/MessageBubble';
import { previewText, recallLine } from '../../store/chat/preview';
import type { LocalMessage } from '../../store/chat/types';
import { FIRST_ITEM_INDEX_START, nextFirstItemIndex } from './firstItemIndex';
import s from './ChatWindow.module.css';

interface ListContext {
  loadingText: string;
}

// Virtuoso's slots must be stable components: what they show travels in the context.
const components = {
  Header: ({ context }: { context?: ListContext }) =>
    context?.loadingText ? (
      <p className={s.loadingOlder}>{context.loadingText}</p>
    ) : (
      <div className={s.top} />
    ),
  Footer: () => <div className={s.bottom} />,
};

/** The render key the engine promises to keep stable across a send (`local_…` → msgId). */
export const messageKey = (m: LocalMessage): string => m.clientMsgId || m.id;

export interface MessageListProps {
  /** The chat's name: the log's accessible name. */
  name: string;
  messages: readonly LocalMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Group chats: the name above each received bubble. */
  senderName?: (message: LocalMessage) => string;
  onLoadOlder: () => void;
  onRetry: (message: LocalMessage) => void;
  /** Changes when the space for the list changes (the keyboard opened or closed). */
  viewportHeight: number;
  /** A message to bring into view and mark for a moment once it is in the list (from a search). */
  focusId?: string;
  /** Newer messages follow those shown (pages around a searched message): read at the bottom … */
  hasNewer?: boolean;
  onLoadNewer?: () => void;
  /** … or left for the newest. */
  onBackToNewest?: () => void;
}

/** How long a message opened from a search stays marked. */
const FOCUS_MARK_MS = 2500;

/**
 * The messages, virtualized: it opens at the newest, loads older pages when scrolled to the
 * top without jumping (the `firstItemIndex` technique), follows new messages while the reader
 * is at the bottom, and stays at the bottom when the keyboard shrinks the page.
 *
 * The log itself is not a live region (rows mount and unmount as it scrolls); newly received
 * messages are announced through a separate polite region instead.
 */
export function MessageList({
  name,
  messages,
  hasOlder,
  loadingOlder,
  senderName,
  onLoadOlder,
  onRetry,
  viewportHeight,
  focusId,
  hasNewer = false,
  onLoadNewer,
  onBackToNewest,
}: MessageListProps) {
  const t = useT();
  const now = useNow();
  const locale = currentLocale();
  const list = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(true);
  const keys = useMemo(() => messages.map(messageKey), [messages]);
  const loadingText = loadingOlder ? t('chatWindow.loadingOlder') : '';
  const context = useMemo(() => ({ loadingText }), [loadingText]);
  const [unseen, setUnseen] = useState(false);

  // Derived during render (not in an effect) so Virtuoso sees the new index with the new data.
  const [first, setFirst] = useState({ index: FIRST_ITEM_INDEX_START, key: keys[0] });
  let firstItemIndex = first.index;
  if (keys[0] !== first.key) {
    firstItemIndex = nextFirstItemIndex(first.index, first.key, keys);
    setFirst({ index: firstItemIndex, key: keys[0] });
  }

  // Keep the newest message in view when the keyboard takes space from the list.
  const wasAtBottom = useRef(atBottom);
  wasAtBottom.current = atBottom;
  useEffect(() => {
    if (wasAtBottom.current && messages.length > 0) {
      list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
    }
    // Only the height matters here; messages are followed by followOutput.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewportHeight]);

  // A message opened from a search: scrolled to once it is held, then marked for a moment.
  const focusIndex = focusId ? messages.findIndex((m) => m.id === focusId) : -1;
  const [marked, setMarked] = useState<string | null>(null);
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!focusId || focusIndex < 0 || focused.current === focusId) return;
    focused.current = focusId;
    list.current?.scrollToIndex({ index: focusIndex, align: 'center' });
    setMarked(focusId);
    const timer = setTimeout(() => setMarked(null), FOCUS_MARK_MS);
    return () => clearTimeout(timer);
  }, [focusId, focusIndex]);

  // Announce messages that arrive at the end from someone else (not older pages).
  const [announcement, setAnnouncement] = useState('');
  const lastKey = useRef(keys.at(-1));
  useEffect(() => {
    const last = messages.at(-1);
    const key = keys.at(-1);
    if (key === lastKey.current) return;
    const isNew = lastKey.current !== undefined;
    lastKey.current = key;
    if (!isNew || !last) return;
    if (!wasAtBottom.current) setUnseen(true);
    if (last.type === 2) return;
    const text = previewText(last);
    setAnnouncement(isNotice(last) ? text : `${senderName?.(last) ?? last.nickName}: ${text}`);
  }, [keys, messages, senderName]);

  // A message its author recalls while the chat is open changes in place: announced too.
  const recalled = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    const ids = new Set(messages.filter((m) => m.msgType === MsgType.RECALLED).map((m) => m.id));
    const before = recalled.current;
    recalled.current = ids;
    const gone = before
      ? messages.find((m) => m.type === 1 && ids.has(m.id) && !before.has(m.id))
      : undefined;
    if (gone && parseContent(MsgType.RECALLED, gone.content)?.byId === gone.fromId)
      setAnnouncement(recallLine({ byMe: false, byName: senderName?.(gone) ?? gone.nickName }));
  }, [messages, senderName]);

  return (
    <div className={s.listArea}>
      <div role="log" aria-label={name} aria-live="off" className={s.log}>
        <Virtuoso
          // Mounted again when the first messages come, so it opens at the newest of them.
          key={messages.length > 0 ? 'held' : 'empty'}
          ref={list}
          className={s.scroller}
          data={messages}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={
            focusIndex >= 0 ? { index: focusIndex, align: 'center' } : Math.max(0, messages.length - 1)
          }
          computeItemKey={(_, message) => messageKey(message)}
          // Follow new messages while at the bottom, and always for one's own (just sent).
          followOutput={(bottom) => (bottom || messages.at(-1)?.type === 2 ? 'smooth' : false)}
          atBottomStateChange={(bottom) => {
            setAtBottom(bottom);
            if (bottom) setUnseen(false);
          }}
          atBottomThreshold={50}
          startReached={() => {
            if (hasOlder && !loadingOlder) onLoadOlder();
          }}
          endReached={() => {
            if (hasNewer) onLoadNewer?.();
          }}
          // A guess at a row's height spares Virtuoso a frame measuring one before the first page.
          defaultItemHeight={72}
          increaseViewportBy={{ top: 400, bottom: 200 }}
          components={components}
          context={context}
          itemContent={(index, message) => {
            const previous = messages[index - firstItemIndex - 1];
            const separator = needsTimeSeparator(
              previous ? toMillis(previous.createTime) : undefined,
              toMillis(message.createTime),
            );
            return (
              <div className={s.item} data-focused={message.id === marked || undefined}>
                {separator && (
                  <p className={s.separator}>{formatMessageTime(message.createTime, now, locale)}</p>
                )}
                <MessageBubble
                  message={message}
                  senderName={message.type === 1 ? senderName?.(message) : undefined}
                  onRetry={onRetry}
                />
              </div>
            );
          }}
        />
      </div>
      {(hasNewer || (!atBottom && unseen)) && (
        <button
          type="button"
          className={s.jump}
          onClick={() =>
            hasNewer
              ? onBackToNewest?.()
              : list.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' })
          }
        >
          <DownOutline aria-hidden />
          <span>{hasNewer ? t('chatWindow.backToLatest') : t('chatWindow.jumpToLatest')}</span>
        </button>
      )}
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
