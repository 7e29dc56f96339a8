import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AddCircleOutline } from 'antd-mobile-icons';
import { friendListQuery } from '../../api/queries/friendList';
import { Page } from '../../components/Page';
import { SearchEntry } from '../../components/SearchEntry';
import { ActionSheet } from '../../components/chat/Sheet';
import { firstScreenShown } from '../../lib/firstScreen';
import { showToast } from '../../lib/ui';
import { currentLocale, useT } from '../../i18n';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { useChatCommands, useChatList } from '../../store/chat/hooks';
import type { ChatListEntry } from '../../store/chat/types';
import { ChatListView } from './ChatListView';
import s from './ChatList.module.css';

export interface ChatListScreenProps {
  chatWindowUrl: string;
  createGroupUrl: string;
  /** The search bar: Search (contacts, groups, messages). */
  searchUrl: string;
  /** Add contacts: the PipID lookup. */
  addContactsUrl: string;
}

/** Where a chat opens: its chatId, and for one-to-one chats the friend's userId too. */
export function chatUrlOf(chatWindowUrl: string, entry: ChatListEntry): string {
  return withQuery(chatWindowUrl, {
    chatId: entry.chatId,
    userId: entry.windowType === 'SINGLE' ? entry.userId : undefined,
  });
}

/**
 * Message tab: the chats from the device at once, then as the engine refreshes them; pull down
 * to refresh. "+" offers a group chat, adding contacts and the QR scanner (a toast in H5).
 */
export function ChatListScreen({
  chatWindowUrl,
  createGroupUrl,
  searchUrl,
  addContactsUrl,
}: ChatListScreenProps) {
  const t = useT();
  const nav = useNav();
  const { list, answered } = useChatList();
  // A group's preview names its sender by the user's remark for them, as the chat does: the
  // engine reads remarks from the friend list's cache (store/chat/lifecycle.ts).
  useQuery({ ...friendListQuery, enabled: list.some((entry) => entry.windowType === 'GROUP') });
  const commands = useChatCommands();
  // The tab's content is its chats, or the word that there are none: the first screen has drawn
  // (lib/firstScreen.ts; the router marks this page as drawing later than it renders).
  const drawn = list.length > 0 || answered;
  useEffect(() => {
    if (drawn) firstScreenShown();
  }, [drawn]);
  const [addOpen, setAddOpen] = useState(false);

  return (
    <Page
      title={t('routes.message')}
      back={false}
      headerRight={
        <button
          type="button"
          className={s.addButton}
          aria-label={t('messages.add')}
          aria-haspopup="dialog"
          onClick={() => setAddOpen(true)}
        >
          <AddCircleOutline aria-hidden />
        </button>
      }
    >
      <SearchEntry label={t('search.placeholder')} onOpen={() => nav.navigateTo(searchUrl)} />
      <ChatListView
        entries={list}
        actions={commands}
        chatUrl={(entry) => chatUrlOf(chatWindowUrl, entry)}
        locale={currentLocale()}
        loading={!answered}
      />
      <ActionSheet
        open={addOpen}
        title={t('messages.add')}
        cancelLabel={t('common.cancel')}
        onClose={() => setAddOpen(false)}
        actions={[
          { key: 'group', label: t('messages.newGroup'), onSelect: () => nav.navigateTo(createGroupUrl) },
          {
            key: 'contacts',
            label: t('messages.addContacts'),
            onSelect: () => nav.navigateTo(addContactsUrl),
          },
          {
            key: 'scan',
            label: t('messages.scan'),
            // Spec 2: scanning only shows a toast in H5.
            onSelect: () => showToast(t('profile.qr.scan'), { role: 'status' }),
          },
        ]}
      />
    </Page>
  );
}
