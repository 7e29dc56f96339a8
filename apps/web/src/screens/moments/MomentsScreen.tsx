import { useCallback, useMemo } from 'react';
import { CameraOutline, MessageOutline, PictureOutline } from 'antd-mobile-icons';
import { Virtuoso } from 'react-virtuoso';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '../../components/Page';
import { PullRefresh } from '../../components/PullRefresh';
import { keepFirstPage } from '../../api/queries/paging';
import { EmptyState } from '../../components/EmptyState';
import { EntryList } from '../../components/EntryList';
import { momentFeedKey, momentsOf, useMomentFeed } from '../../api/queries/moments';
import { useMyInfo } from '../../api/queries/myInfo';
import { refreshNotices } from '../../api/queries/notices';
import { currentLocale, useT } from '../../i18n';
import { badgeText } from '../../lib/badge';
import { useNow } from '../../lib/useNow';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { useMomentNotices } from '../../store/tabBadges';
import { CoverHeader } from './CoverHeader';
import { CommentBar } from './CommentBar';
import { MomentCard } from './MomentCard';
import { ListEnd, loadMore, nearEnd } from '../../components/ListEnd';
import { useCommentTarget } from './useCommentTarget';
import s from './moments.module.css';

export interface MomentsScreenProps {
  postUrl: string;
  albumUrl: string;
  detailUrl: string;
  messagesUrl: string;
}

/**
 * Moments: my cover, then my posts and my friends' posts I may see, newest first. Pull down
 * for the newest; more load as the end comes near (the list is virtualized: only the posts on
 * screen are in the page). The camera in the title bar posts; the interaction list opens from
 * under the cover, with the count of those not read yet.
 */
export function MomentsScreen({ postUrl, albumUrl, detailUrl, messagesUrl }: MomentsScreenProps) {
  const t = useT();
  const nav = useNav();
  const client = useQueryClient();
  const me = useMyInfo();
  const feed = useMomentFeed();
  const now = useNow();
  const locale = currentLocale();
  const comments = useCommentTarget();
  const moments = useMemo(() => momentsOf(feed.data), [feed.data]);
  const myUserId = me.data?.userId ?? '';
  const unread = useMomentNotices().count;
  const unreadBadge = badgeText(unread);

  const openAlbum = useCallback(
    (userId: string) => nav.navigateTo(withQuery(albumUrl, { userId })),
    [nav, albumUrl],
  );
  const openDetail = useCallback(
    (momentId: string) => nav.navigateTo(withQuery(detailUrl, { momentId })),
    [nav, detailUrl],
  );
  const refresh = async () => {
    keepFirstPage(client, momentFeedKey);
    await Promise.all([feed.refetch(), refreshNotices(client)]);
  };

  const header = (
    <>
      <CoverHeader
        userId={myUserId}
        name={me.data?.nickName ?? ''}
        portrait={me.data?.portrait ?? ''}
        mine
        onOpenAuthor={myUserId ? () => openAlbum(myUserId) : undefined}
      />
      <EntryList
        entries={[
          {
            key: 'messages',
            label: t('routes.momentsMessages'),
            icon: <MessageOutline />,
            ...(unreadBadge
              ? { news: { badge: unreadBadge, description: t('tabs.unread', { count: unread }) } }
              : {}),
            onPress: () => nav.navigateTo(messagesUrl),
          },
        ]}
      />
    </>
  );

  return (
    <Page
      title={t('routes.moments')}
      headerRight={
        <button
          type="button"
          className={s.headerButton}
          aria-label={t('routes.postMoment')}
          onClick={() => nav.navigateTo(postUrl)}
        >
          <CameraOutline aria-hidden />
        </button>
      }
    >
      <PullRefresh onRefresh={refresh}>
        {header}
        <Virtuoso
          useWindowScroll
          data={moments}
          computeItemKey={(_index, moment) => moment.momentId}
          increaseViewportBy={600}
          rangeChanged={({ endIndex }) => nearEnd(endIndex, moments.length) && loadMore(feed)}
          itemContent={(_index, moment) => (
            <MomentCard
              moment={moment}
              myUserId={myUserId}
              now={now}
              locale={locale}
              onComment={comments.open}
              onOpenAuthor={openAlbum}
              onOpen={openDetail}
            />
          )}
        />
        <ListEnd
          query={feed}
          count={moments.length}
          failedText={t('moments.loadFailed')}
          endText={t('moments.noMore')}
          empty={
            <EmptyState icon={<PictureOutline />} title={t('moments.empty')} hint={t('moments.emptyHint')} />
          }
        />
      </PullRefresh>
      <CommentBar target={comments.target} onClose={comments.close} />
    </Page>
  );
}
