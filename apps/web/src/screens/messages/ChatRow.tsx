import { useId, type MouseEvent } from 'react';
import { BellMuteOutline } from 'antd-mobile-icons';
import { GroupAvatar } from '../../components/GroupAvatar';
import type { SheetAction } from '../../components/chat/Sheet';
import { useT } from '../../i18n';
import { badgeText } from '../../lib/badge';
import type { ChatListEntry } from '../../store/chat/types';
import { formatChatTime } from '../../lib/chatTime';
import { mergeHandlers } from '../../lib/mergeHandlers';
import { useLongPress } from '../../lib/useLongPress';
import { useSwipeReveal } from '../../lib/useSwipeReveal';
import { normalizeUrl, useNav } from '../../nav';
import s from './ChatList.module.css';

export interface ChatRowProps {
  entry: ChatListEntry;
  /** Where the row opens (the chat window with its parameters). */
  url: string;
  now: number;
  locale: string;
  /** What the user was typing in this chat and has not sent. */
  draft: string;
  /** Pin, mute, delete: what the long-press sheet offers, also revealed by a swipe. */
  actions: readonly SheetAction[];
  /** Opens the actions sheet. */
  onActions: (entry: ChatListEntry) => void;
  /** Whether the row is swiped open; the list keeps one row open at a time. */
  swiped: boolean;
  onSwipedChange: (open: boolean) => void;
}

/**
 * One chat of the Message tab: a link named by the chat's name and described by its time,
 * last message and unread state. Holding it (350 ms) or its context menu opens its actions in a
 * sheet (the accessible way); swiping it sideways reveals the same actions as buttons, a touch
 * shortcut kept out of the accessibility tree and the tab order while the row is closed.
 */
export function ChatRow({
  entry,
  url,
  now,
  locale,
  draft,
  actions,
  onActions,
  swiped,
  onSwipedChange,
}: ChatRowProps) {
  const t = useT();
  const nav = useNav();
  const nameId = useId();
  const detailsId = useId();
  const swipe = useSwipeReveal({ open: swiped, onOpenChange: onSwipedChange });
  const longPress = useLongPress(() => {
    swipe.cancel();
    onActions(entry);
  });

  const count = typeof entry.num === 'number' ? entry.num : 0;
  const badge = badgeText(count);
  const dot = entry.num === 'dot';
  const muted = entry.disturb === 'Y';
  const pinned = entry.top === 'Y';
  const time = formatChatTime(entry.time, now, locale);
  const failed = entry.lastSendtype === 'error';
  const unread = badge ? t('tabs.unread', { count }) : dot ? t('tabs.dot') : '';

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    nav.navigateTo(url);
  };

  const mention = !draft && entry.mentioned ? t('messages.mentioned') : '';
  return (
    <li ref={swipe.rootRef} className={s.item} data-pinned={pinned || undefined}>
      <a
        href={`#${normalizeUrl(url).url}`}
        className={s.row}
        style={swipe.style}
        data-dragging={swipe.dragging || undefined}
        // A mouse drag moves the row; it must not start the browser's drag of the link.
        draggable={false}
        aria-labelledby={nameId}
        aria-describedby={detailsId}
        onClick={onClick}
        {...mergeHandlers(longPress, swipe.handlers)}
      >
        <span className={s.avatar} aria-hidden>
          <GroupAvatar name={entry.nickName} portrait={entry.portrait} faces={entry.faces} alt="" size={48} />
          {badge && <span className={s.badge}>{badge}</span>}
          {dot && <span className={s.dot} />}
        </span>
        <span className={s.body}>
          <span className={s.top}>
            <span id={nameId} className={s.name}>
              {entry.nickName}
            </span>
            <span className={s.time} aria-hidden>
              {time}
            </span>
          </span>
          <span className={s.bottom} aria-hidden>
            <span className={s.preview}>
              {!draft && failed && <span className={s.failed}>!</span>}
              {draft ? (
                <>
                  <span className={s.draft}>{t('messages.draft')}</span> {draft}
                </>
              ) : (
                <>
                  {mention && <span className={s.mentioned}>{mention}</span>}
                  {entry.content}
                </>
              )}
            </span>
            {muted && <BellMuteOutline className={s.muted} />}
          </span>
        </span>
        <span id={detailsId} className="visually-hidden">
          {[
            time,
            !draft && failed ? t('messages.sendFailed') : '',
            mention,
            draft ? `${t('messages.draft')} ${draft}` : entry.content,
            unread,
            pinned ? t('messages.pinned') : '',
            muted ? t('messages.muted') : '',
          ]
            .filter(Boolean)
            .join(', ')}
        </span>
      </a>
      <div ref={swipe.actionsRef} className={s.swipeActions} aria-hidden={!swiped || undefined}>
        {actions.map((action) => (
          <button
            key={action.key}
            type="button"
            className={s.swipeAction}
            data-action={action.key}
            data-danger={action.danger || undefined}
            tabIndex={swiped ? undefined : -1}
            onClick={() => {
              onSwipedChange(false);
              action.onSelect();
            }}
          >
            {action.label}
          </button>
        ))}
      </div>
    </li>
  );
}
