import { useState } from 'react';
import { MessageOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../components/EmptyState';
import { ListSkeleton } from '../../components/ListSkeleton';
import { PullRefresh } from '../../components/PullRefresh';
import { ActionSheet, type SheetAction } from '../../components/chat/Sheet';
import { useT } from '../../i18n';
import { confirmDialog } from '../../lib/ui';
import type { ChatListEntry } from '../../store/chat/types';
import { loadDraft } from '../../lib/drafts';
import { useNow } from '../../lib/useNow';
import { ChatRow } from './ChatRow';
import s from './ChatList.module.css';

/** What a row's actions do; the engine's commands in the app. */
export interface ChatListActions {
  setTop: (chatId: string, top: boolean) => Promise<void>;
  setDisturb: (chatId: string, muted: boolean) => Promise<void>;
  remove: (chatId: string) => Promise<void>;
  refresh: () => Promise<void>;
}

export interface ChatListViewProps {
  /** In the engine's order: pinned first, then newest. */
  entries: readonly ChatListEntry[];
  actions: ChatListActions;
  chatUrl: (entry: ChatListEntry) => string;
  locale: string;
  /** The server has not answered the list yet: no chats does not mean none (yet). */
  loading?: boolean;
}

/** Failures are toasted by the request function; nothing more to say here. */
const quietly = (promise: Promise<void>) => void promise.catch(() => undefined);

/** Spec 4's "delete {item}": a chat leaves the list only once confirmed. */
async function confirmDelete(entry: ChatListEntry, actions: ChatListActions, t: ReturnType<typeof useT>) {
  const sure = await confirmDialog({
    title: t('messages.deleteTitle', { item: entry.nickName }),
    content: t('messages.deleteHint'),
    confirmText: t('messages.delete'),
    danger: true,
    cancelText: t('common.cancel'),
  });
  if (sure) quietly(actions.remove(entry.chatId));
}

/** A chat's actions, labelled by its state: the long-press sheet and the swipe both offer these. */
function chatActions(
  entry: ChatListEntry,
  actions: ChatListActions,
  t: ReturnType<typeof useT>,
): SheetAction[] {
  const { chatId } = entry;
  const pinned = entry.top === 'Y';
  const muted = entry.disturb === 'Y';
  return [
    {
      key: pinned ? 'unpin' : 'pin',
      label: t(pinned ? 'messages.unpin' : 'messages.pin'),
      onSelect: () => quietly(actions.setTop(chatId, !pinned)),
    },
    {
      key: muted ? 'unmute' : 'mute',
      label: t(muted ? 'messages.unmute' : 'messages.mute'),
      onSelect: () => quietly(actions.setDisturb(chatId, !muted)),
    },
    {
      key: 'delete',
      label: t('messages.delete'),
      danger: true,
      onSelect: () => void confirmDelete(entry, actions, t),
    },
  ];
}

/**
 * The chats (pull down to refresh), each opening its chat; a held row offers its actions in a
 * sheet, a row swiped sideways shows them as buttons (one row at a time).
 */
export function ChatListView({ entries, actions, chatUrl, locale, loading = false }: ChatListViewProps) {
  const t = useT();
  const now = useNow();
  const [target, setTarget] = useState<ChatListEntry | null>(null);

  const [swipedId, setSwipedId] = useState<string | null>(null);

  return (
    <>
      <PullRefresh onRefresh={() => actions.refresh().catch(() => undefined)}>
        {entries.length === 0 && loading ? (
          <ListSkeleton />
        ) : entries.length === 0 ? (
          <EmptyState icon={<MessageOutline />} title={t('chats.empty')} hint={t('chats.emptyHint')} />
        ) : (
          <ul className={s.list} aria-label={t('routes.message')}>
            {entries.map((entry) => (
              <ChatRow
                key={entry.chatId}
                entry={entry}
                url={chatUrl(entry)}
                now={now}
                locale={locale}
                draft={loadDraft(entry.chatId)}
                actions={chatActions(entry, actions, t)}
                onActions={setTarget}
                swiped={swipedId === entry.chatId}
                onSwipedChange={(open) =>
                  setSwipedId((current) => (open ? entry.chatId : current === entry.chatId ? null : current))
                }
              />
            ))}
          </ul>
        )}
      </PullRefresh>
      <ActionSheet
        open={target !== null}
        title={target ? t('messages.actions', { name: target.nickName }) : ''}
        actions={target ? chatActions(target, actions, t) : []}
        cancelLabel={t('common.cancel')}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
