import { useState } from 'react';
import { PullToRefresh } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../components/EmptyState';
import { ActionSheet, type SheetAction } from '../../components/chat/Sheet';
import { useT } from '../../i18n';
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
}

/** Failures are toasted by the request function; nothing more to say here. */
const quietly = (promise: Promise<void>) => void promise.catch(() => undefined);

/** The chats (pull down to refresh), each opening its chat; a held row offers its actions. */
export function ChatListView({ entries, actions, chatUrl, locale }: ChatListViewProps) {
  const t = useT();
  const now = useNow();
  const [target, setTarget] = useState<ChatListEntry | null>(null);

  const sheetActions: SheetAction[] = target
    ? [
        target.top === 'Y'
          ? {
              key: 'unpin',
              label: t('messages.unpin'),
              onSelect: () => quietly(actions.setTop(target.chatId, false)),
            }
          : {
              key: 'pin',
              label: t('messages.pin'),
              onSelect: () => quietly(actions.setTop(target.chatId, true)),
            },
        target.disturb === 'Y'
          ? {
              key: 'unmute',
              label: t('messages.unmute'),
              onSelect: () => quietly(actions.setDisturb(target.chatId, false)),
            }
          : {
              key: 'mute',
              label: t('messages.mute'),
              onSelect: () => quietly(actions.setDisturb(target.chatId, true)),
            },
        {
          key: 'delete',
          label: t('messages.delete'),
          danger: true,
          onSelect: () => quietly(actions.remove(target.chatId)),
        },
      ]
    : [];

  return (
    <>
      <PullToRefresh
        onRefresh={() => actions.refresh().catch(() => undefined)}
        pullingText={t('friends.pull.pulling')}
        canReleaseText={t('friends.pull.canRelease')}
        refreshingText={t('friends.pull.refreshing')}
        completeText={t('friends.pull.complete')}
      >
        {entries.length === 0 ? (
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
                onActions={setTarget}
              />
            ))}
          </ul>
        )}
      </PullToRefresh>
      <ActionSheet
        open={target !== null}
        title={target ? t('messages.actions', { name: target.nickName }) : ''}
        actions={sheetActions}
        cancelLabel={t('common.cancel')}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
