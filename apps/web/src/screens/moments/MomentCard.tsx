import { memo, useState } from 'react';
import { EnvironmentOutline, HeartOutline, MessageOutline, MoreOutline } from 'antd-mobile-icons';
import type { Moment } from '@paichat/protocol';
import { Avatar } from '../../components/Avatar';
import { useDeleteMoment, useMomentActions } from '../../api/queries/moments';
import { useT } from '../../i18n';
import { confirmDialog } from '../../lib/ui';
import { formatTimeAgo } from '../../lib/timeAgo';
import { FoldedText } from './FoldedText';
import { MomentMedia } from './MomentMedia';
import { MomentComments, type CommentTarget } from './MomentComments';
import { nameOf } from './people';
import s from './moments.module.css';

export interface MomentCardProps {
  moment: Moment;
  myUserId: string;
  now: number;
  locale: string;
  onComment: (target: CommentTarget) => void;
  /** Open the author's album. */
  onOpenAuthor: (userId: string) => void;
  /** Open the post's page (absent on that page itself). */
  onOpen?: (momentId: string) => void;
  /** The detail page shows the text whole. */
  foldText?: boolean;
  /** After the post is deleted (the detail page goes back). */
  onDeleted?: () => void;
}

/**
 * One post: the author (remark first), the text, pictures or video, the place, when, Delete on
 * my own, and the "··" button that offers Like (or Cancel) and Comment; then its likes and
 * comments.
 */
export const MomentCard = memo(function MomentCard({
  moment,
  myUserId,
  now,
  locale,
  onComment,
  onOpenAuthor,
  onOpen,
  foldText = true,
  onDeleted,
}: MomentCardProps) {
  const t = useT();
  const actions = useMomentActions();
  const remove = useDeleteMoment();
  const [menuOpen, setMenuOpen] = useState(false);
  const name = nameOf(moment);

  const toggleLike = () => {
    setMenuOpen(false);
    void (moment.liked ? actions.unlike(moment.momentId) : actions.like(moment.momentId)).catch(
      () => undefined,
    );
  };
  const comment = () => {
    setMenuOpen(false);
    onComment({ momentId: moment.momentId });
  };
  const deletePost = async () => {
    const sure = await confirmDialog({
      title: t('moments.deleteConfirm'),
      confirmText: t('messages.delete'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(moment);
      onDeleted?.();
    } catch {
      // The request function has said why.
    }
  };
  const time = formatTimeAgo(moment.createTime, now, locale, t('moments.justNow'));

  return (
    <article className={s.card} aria-label={t('moments.postBy', { name })}>
      <button type="button" className={s.cardAvatar} onClick={() => onOpenAuthor(moment.userId)}>
        <Avatar name={moment.nickName} src={moment.portrait} alt={t('moments.albumOf', { name })} size={42} />
      </button>
      <div className={s.cardBody}>
        <h3 className={s.author}>{name}</h3>
        <FoldedText text={moment.text} foldable={foldText} />
        <MomentMedia moment={moment} />
        {moment.location && (
          <p className={s.location}>
            <EnvironmentOutline aria-hidden /> {moment.location}
          </p>
        )}
        <div className={s.meta}>
          {onOpen ? (
            <button type="button" className={s.time} onClick={() => onOpen(moment.momentId)}>
              {time}
            </button>
          ) : (
            <span className={s.time}>{time}</span>
          )}
          {moment.isSelf && (
            <button type="button" className={s.link} onClick={() => void deletePost()}>
              {t('messages.delete')}
            </button>
          )}
          <span className={s.spacer} />
          {menuOpen && (
            <span className={s.menu} role="group" aria-label={t('moments.actions')}>
              <button type="button" autoFocus onClick={toggleLike}>
                <HeartOutline aria-hidden /> {moment.liked ? t('moments.unlike') : t('moments.like')}
              </button>
              <button type="button" onClick={comment}>
                <MessageOutline aria-hidden /> {t('moments.comment')}
              </button>
            </span>
          )}
          <button
            type="button"
            className={s.more}
            aria-label={t('moments.actions')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <MoreOutline aria-hidden />
          </button>
        </div>
        <MomentComments moment={moment} myUserId={myUserId} onComment={onComment} />
      </div>
    </article>
  );
});
