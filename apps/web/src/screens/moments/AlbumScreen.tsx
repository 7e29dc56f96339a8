import { useMemo } from 'react';
import { PictureOutline } from 'antd-mobile-icons';
import { Virtuoso } from 'react-virtuoso';
import type { Moment } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/EmptyState';
import { momentsOf, useMomentAlbum } from '../../api/queries/moments';
import { useMyInfo } from '../../api/queries/myInfo';
import { useFriendInfo } from '../../api/queries/friendInfo';
import { currentLocale, useT } from '../../i18n';
import { dayKey } from '../../lib/timeAgo';
import { withQuery } from '../../lib/url';
import { useNav, useRouteParams } from '../../nav';
import { CoverHeader } from './CoverHeader';
import { ListEnd, loadMore, nearEnd } from '../../components/ListEnd';
import { nameOf } from './people';
import s from './moments.module.css';

export interface AlbumScreenProps {
  detailUrl: string;
  postUrl: string;
}

/** "24 Nov" of a day, in the interface language. */
function dayLabel(time: number, locale: string): { day: string; month: string } {
  const date = new Date(time);
  return {
    day: new Intl.DateTimeFormat(locale, { day: 'numeric' }).format(date),
    month: new Intl.DateTimeFormat(locale, { month: 'short' }).format(date),
  };
}

/** A post in the album: its first picture (with how many), else its text. */
function AlbumEntry({ moment, onOpen }: { moment: Moment; onOpen: () => void }) {
  const t = useT();
  const first = moment.images[0];
  const thumb = first ? first.thumbUrl || first.url : moment.video?.thumbUrl;
  return (
    <button type="button" className={s.albumEntry} onClick={onOpen}>
      {thumb ? (
        <img src={thumb} alt="" loading="lazy" className={s.albumThumb} />
      ) : moment.video ? (
        <span className={s.albumThumb} aria-hidden>
          ▶
        </span>
      ) : null}
      <span className={s.albumText}>
        {moment.text || (moment.video ? t('chatWindow.video') : '')}
        {moment.images.length > 1 && (
          <span className={s.albumCount}>{t('moments.pictures', { count: moment.images.length })}</span>
        )}
      </span>
    </button>
  );
}

/**
 * An album: one person's posts the viewer may see (mine by default; a friend's when `userId`
 * names them), newest first and grouped by day, each opening its page. Loads more near the end.
 */
export function AlbumScreen({ detailUrl, postUrl }: AlbumScreenProps) {
  const t = useT();
  const nav = useNav();
  const params = useRouteParams();
  const me = useMyInfo();
  const myUserId = me.data?.userId ?? '';
  const userId = params.userId || myUserId;
  const mine = userId === myUserId;
  const person = useFriendInfo(mine ? '' : userId);
  const album = useMomentAlbum(userId);
  const moments = useMemo(() => momentsOf(album.data), [album.data]);
  const locale = currentLocale();

  const name = mine
    ? (me.data?.nickName ?? '')
    : person.data
      ? nameOf(person.data)
      : moments[0]
        ? nameOf(moments[0])
        : '';
  const portrait = mine ? (me.data?.portrait ?? '') : (person.data?.portrait ?? moments[0]?.portrait ?? '');
  const title = mine ? t('routes.myAlbum') : t('moments.albumOf', { name });

  return (
    <Page title={title}>
      <CoverHeader userId={userId} name={name} portrait={portrait} mine={mine} />
      {mine && (
        <button type="button" className={s.albumPost} onClick={() => nav.navigateTo(postUrl)}>
          {t('routes.postMoment')}
        </button>
      )}
      <Virtuoso
        useWindowScroll
        data={moments}
        computeItemKey={(_index, moment) => moment.momentId}
        rangeChanged={({ endIndex }) => nearEnd(endIndex, moments.length) && loadMore(album)}
        itemContent={(index, moment) => {
          const previous = moments[index - 1];
          const firstOfDay = !previous || dayKey(previous.createTime) !== dayKey(moment.createTime);
          const label = dayLabel(moment.createTime, locale);
          return (
            <div className={s.albumRow} data-first={firstOfDay || undefined}>
              <span className={s.albumDay} aria-hidden={!firstOfDay}>
                {firstOfDay && (
                  <>
                    <span className={s.albumDayNumber}>{label.day}</span> {label.month}
                  </>
                )}
              </span>
              <AlbumEntry
                moment={moment}
                onOpen={() => nav.navigateTo(withQuery(detailUrl, { momentId: moment.momentId }))}
              />
            </div>
          );
        }}
      />
      <ListEnd
        query={album}
        count={moments.length}
        failedText={t('moments.loadFailed')}
        endText={t('moments.noMore')}
        empty={<EmptyState icon={<PictureOutline />} title={t('moments.albumEmpty')} />}
      />
    </Page>
  );
}
