import { useId, useMemo } from 'react';
import { PhonebookOutline, TeamOutline, UserAddOutline, RightOutline } from 'antd-mobile-icons';
import type { Friend } from '@paichat/protocol';
import { TitleBar } from '../../components/TitleBar';
import { EmptyState } from '../../components/EmptyState';
import { ListSkeleton } from '../../components/ListSkeleton';
import { SearchEntry } from '../../components/SearchEntry';
import { useFriendList } from '../../api/queries/friendList';
import { displayNameOf, groupContacts } from '../../lib/contactGroups';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { badgeText } from '../../lib/badge';
import { useFriendRequestCount } from '../../store/tabBadges';
import { ContactList } from './ContactList';
import s from './contacts.module.css';

export interface ContactsScreenProps {
  newFriendsUrl: string;
  groupChatsUrl: string;
  searchUrl: string;
  /** The Info page; the contact's id goes in as `userId`. */
  contactInfoUrl: string;
}

/** Contact tab: search, New Friends (with the pending count), Group Chats, then every friend A–Z. */
export function ContactsScreen({
  newFriendsUrl,
  groupChatsUrl,
  searchUrl,
  contactInfoUrl,
}: ContactsScreenProps) {
  const t = useT();
  const nav = useNav();
  const friends = useFriendList();
  const pending = useFriendRequestCount();
  const badgeId = useId();

  const groups = useMemo(
    () => groupContacts(friends.data ?? [], displayNameOf, (friend) => friend.userId),
    [friends.data],
  );
  const pendingText = badgeText(pending);

  const header = (
    <>
      <SearchEntry label={t('contacts.search')} onOpen={() => nav.navigateTo(searchUrl)} />
      <ul className={s.entries}>
        <li>
          <button
            type="button"
            className={s.entry}
            aria-describedby={pendingText ? badgeId : undefined}
            onClick={() => nav.navigateTo(newFriendsUrl)}
          >
            <span className={s.entryIcon} data-tone="orange" aria-hidden>
              <UserAddOutline />
            </span>
            <span className={s.entryLabel}>{t('routes.newFriends')}</span>
            {pendingText && (
              <span className={s.badge} aria-hidden>
                {pendingText}
              </span>
            )}
            <RightOutline className={s.chevron} aria-hidden />
          </button>
          {/* The count is the button's description, not part of its name ("New Friends", "3 new"). */}
          {pendingText && (
            <span id={badgeId} className="visually-hidden">
              {t('tabs.unread', { count: pending as number })}
            </span>
          )}
        </li>
        <li>
          <button type="button" className={s.entry} onClick={() => nav.navigateTo(groupChatsUrl)}>
            <span className={s.entryIcon} data-tone="green" aria-hidden>
              <TeamOutline />
            </span>
            <span className={s.entryLabel}>{t('routes.groupList')}</span>
            <RightOutline className={s.chevron} aria-hidden />
          </button>
        </li>
      </ul>
    </>
  );

  let footer;
  if (friends.isPending) {
    // Offline, the load waits for the network: the title bar says so, nothing is loading yet.
    footer = friends.isPaused ? null : <ListSkeleton />;
  } else if (friends.isError && !friends.data) {
    footer = (
      <div className={s.failed}>
        <p>{t('contacts.loadFailed')}</p>
        <button type="button" className={s.retry} onClick={() => void friends.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (groups.length === 0) {
    footer = (
      <EmptyState icon={<PhonebookOutline />} title={t('contacts.empty')} hint={t('contacts.emptyHint')} />
    );
  } else {
    footer = <p className={s.note}>{t('contacts.total', { count: friends.data?.length ?? 0 })}</p>;
  }

  return (
    <div className={s.screen}>
      <TitleBar title={t('routes.contact')} />
      <main className={s.main}>
        <ContactList
          groups={groups}
          contactUrl={(friend: Friend) => withQuery(contactInfoUrl, { userId: friend.userId })}
          header={header}
          footer={footer}
          indexLabel={t('contacts.index')}
        />
      </main>
    </div>
  );
}
