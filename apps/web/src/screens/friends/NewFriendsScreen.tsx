import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UserAddOutline } from 'antd-mobile-icons';
import type { FriendApply } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/EmptyState';
import { ListSkeleton } from '../../components/ListSkeleton';
import { PullRefresh } from '../../components/PullRefresh';
import { SearchEntry } from '../../components/SearchEntry';
import { useFriendApplies } from '../../api/queries/friendApplies';
import { refreshNotices } from '../../api/queries/notices';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { ApplyRow } from './ApplyRow';
import s from './friends.module.css';

export interface NewFriendsScreenProps {
  searchUrl: string;
  /** The Info page; the person's id goes in as `userId`. */
  contactInfoUrl: string;
}

/**
 * New Friends: requests received and sent, newest first. A received pending request offers
 * Accept, Reject and Ignore. Pull down to refresh; opening the page marks nothing as read
 * (the badge is the pending count, not an unread count).
 */
export function NewFriendsScreen({ searchUrl, contactInfoUrl }: NewFriendsScreenProps) {
  const t = useT();
  const nav = useNav();
  const client = useQueryClient();
  const applies = useFriendApplies();

  // The list is fetched afresh on opening; the badge is checked against the server with it.
  useEffect(() => {
    void refreshNotices(client);
  }, [client]);

  const refresh = () => Promise.all([applies.refetch(), refreshNotices(client)]);
  const received = applies.data?.filter((apply) => apply.direction === 'received') ?? [];
  const sent = applies.data?.filter((apply) => apply.direction === 'sent') ?? [];

  const section = (title: string, list: FriendApply[]) =>
    list.length > 0 && (
      <section className={s.section} aria-label={title}>
        <h2 className={s.sectionTitle}>{title}</h2>
        <ul className={s.applyList}>
          {list.map((apply) => (
            <ApplyRow key={apply.applyId} apply={apply} contactInfoUrl={contactInfoUrl} />
          ))}
        </ul>
      </section>
    );

  let content;
  if (applies.isPending) {
    content = <ListSkeleton />;
  } else if (applies.isError && !applies.data) {
    content = (
      <div className={s.failed}>
        <p>{t('friends.requestsLoadFailed')}</p>
        <button type="button" className={s.secondary} onClick={() => void applies.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (received.length + sent.length === 0) {
    content = (
      <EmptyState
        icon={<UserAddOutline />}
        title={t('friends.noRequests')}
        hint={t('friends.noRequestsHint')}
      />
    );
  } else {
    content = (
      <>
        {section(t('friends.received'), received)}
        {section(t('friends.sent'), sent)}
      </>
    );
  }

  return (
    <Page title={t('routes.newFriends')}>
      <PullRefresh onRefresh={refresh}>
        <div className={s.pullArea}>
          <SearchEntry label={t('friends.addFriendsEntry')} onOpen={() => nav.navigateTo(searchUrl)} />
          {content}
        </div>
      </PullRefresh>
    </Page>
  );
}
