import { useState } from 'react';
import { HeartOutline } from 'antd-mobile-icons';
import type { Moment, MomentComment } from '@paichat/protocol';
import { useT } from '../../i18n';
import { confirmDialog } from '../../lib/ui';
import { ActionSheet, type SheetAction } from '../../components/chat/Sheet';
import { useMomentActions } from '../../api/queries/moments';
import { nameOf } from './people';
import s from './moments.module.css';

export interface CommentTarget {
  momentId: string;
  /** The comment answered, if any, and whom it answers. */
  replyTo?: { commentId: string; name: string };
}

export interface MomentCommentsProps {
  moment: Moment;
  myUserId: string;
  onComment: (target: CommentTarget) => void;
}

/**
 * Who liked a post and its comments, as far as the viewer may see them (the server has left out
 * people the viewer does not know). A tapped comment of someone else's is answered; my own
 * comment, or any comment on my post, offers Delete.
 */
export function MomentComments({ moment, myUserId, onComment }: MomentCommentsProps) {
  const t = useT();
  const actions = useMomentActions();
  const [chosen, setChosen] = useState<MomentComment | null>(null);
  if (moment.likes.length === 0 && moment.comments.length === 0) return null;

  const reply = (comment: MomentComment) =>
    onComment({
      momentId: moment.momentId,
      replyTo: { commentId: comment.commentId, name: nameOf(comment.from) },
    });
  const remove = async (comment: MomentComment) => {
    const sure = await confirmDialog({
      title: t('moments.deleteCommentConfirm'),
      confirmText: t('messages.delete'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (sure) await actions.deleteComment(comment.commentId).catch(() => undefined);
  };
  const mine = (comment: MomentComment) => comment.from.userId === myUserId;
  const tap = (comment: MomentComment) => {
    if (mine(comment) || moment.isSelf) setChosen(comment);
    else reply(comment);
  };
  const sheetActions = (comment: MomentComment): SheetAction[] => [
    ...(mine(comment) ? [] : [{ key: 'reply', label: t('moments.reply'), onSelect: () => reply(comment) }]),
    { key: 'delete', label: t('messages.delete'), danger: true, onSelect: () => void remove(comment) },
  ];

  return (
    <div className={s.interactions}>
      {moment.likes.length > 0 && (
        <p
          className={s.likes}
          aria-label={t('moments.likedBy', { names: moment.likes.map(nameOf).join(', ') })}
        >
          <HeartOutline aria-hidden /> {moment.likes.map(nameOf).join(', ')}
        </p>
      )}
      {moment.comments.length > 0 && (
        <ul className={s.comments} aria-label={t('moments.comments')}>
          {moment.comments.map((comment) => (
            <li key={comment.commentId}>
              <button type="button" className={s.comment} onClick={() => tap(comment)}>
                <span className={s.commenter}>
                  {comment.replyTo
                    ? t('moments.replied', { from: nameOf(comment.from), to: nameOf(comment.replyTo) })
                    : nameOf(comment.from)}
                </span>
                {t('moments.commentSeparator')}
                {comment.text}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ActionSheet
        open={chosen !== null}
        title={chosen ? chosen.text : ''}
        actions={chosen ? sheetActions(chosen) : []}
        cancelLabel={t('common.cancel')}
        onClose={() => setChosen(null)}
      />
    </div>
  );
}
