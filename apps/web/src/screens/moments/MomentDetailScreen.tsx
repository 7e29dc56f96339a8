import { useCallback } from 'react';
import { Page } from '../../components/Page';
import { ConnectionFailed, isConnectionFailure } from '../../components/ConnectionFailed';
import { NoWayOn } from '../../components/NoWayOn';
import { useMoment } from '../../api/queries/moments';
import { useMyInfo } from '../../api/queries/myInfo';
import { currentLocale, useT } from '../../i18n';
import { useNow } from '../../lib/useNow';
import { withQuery } from '../../lib/url';
import { useNav, useRouteParams } from '../../nav';
import { CommentBar } from './CommentBar';
import { MomentCard } from './MomentCard';
import { useCommentTarget } from './useCommentTarget';
import s from './moments.module.css';

/**
 * Detail: one post (`momentId`) with its whole text and every like and comment the viewer may
 * see; the place an interaction message or an album entry opens. A post that is gone, or that
 * the viewer may no longer see, says so.
 */
export function MomentDetailScreen({ albumUrl }: { albumUrl: string }) {
  const t = useT();
  const nav = useNav();
  const { momentId = '' } = useRouteParams();
  const moment = useMoment(momentId);
  const me = useMyInfo();
  const now = useNow();
  const comments = useCommentTarget();
  const openAlbum = useCallback(
    (userId: string) => nav.navigateTo(withQuery(albumUrl, { userId })),
    [nav, albumUrl],
  );

  let body;
  if (momentId && !moment.data && isConnectionFailure(moment.error))
    body = <ConnectionFailed onRetry={() => void moment.refetch()} />;
  else if (!momentId || moment.isError)
    body = (
      <NoWayOn
        title={t('errors.momentNotFound')}
        onRetry={momentId ? () => void moment.refetch() : undefined}
      />
    );
  else if (!moment.data) body = <p className={s.note}>{t('common.loading')}</p>;
  else
    body = (
      <MomentCard
        moment={moment.data}
        myUserId={me.data?.userId ?? ''}
        now={now}
        locale={currentLocale()}
        onComment={comments.open}
        onOpenAuthor={openAlbum}
        foldText={false}
        onDeleted={nav.navigateBack}
      />
    );

  return (
    <Page title={t('routes.momentDetail')}>
      {body}
      <CommentBar target={comments.target} onClose={comments.close} />
    </Page>
  );
}
