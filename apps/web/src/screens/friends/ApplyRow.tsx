import { useId } from 'react';
import type { FriendApply } from '@paichat/protocol';
import { AppLink } from '../../components/AppLink';
import { Avatar } from '../../components/Avatar';
import { showToast } from '../../lib/ui';
import { useDecideFriendApply, type ApplyDecision } from '../../api/queries/decideFriendApply';
import { withQuery } from '../../lib/url';
import { useT } from '../../i18n';
import s from './friends.module.css';

const decisionToast = {
  accept: 'friends.nowFriends',
  reject: 'friends.rejectedByYou',
  ignore: 'friends.ignoredByYou',
} as const;

/**
 * What a request's sender sees of it. Ignoring is private: a sent request that was ignored
 * still reads as waiting, as it does for the requester everywhere else.
 */
function statusKey(apply: FriendApply) {
  if (apply.direction === 'sent' && (apply.status === 'pending' || apply.status === 'ignored'))
    return 'friends.status.waiting' as const;
  return `friends.status.${apply.status}` as const;
}

/** One friend request: who, their message, and the decision or its outcome. */
export function ApplyRow({ apply, contactInfoUrl }: { apply: FriendApply; contactInfoUrl: string }) {
  const t = useT();
  const nameId = useId();
  const decide = useDecideFriendApply();
  const actionable = apply.direction === 'received' && apply.status === 'pending';

  const onDecide = async (decision: ApplyDecision) => {
    try {
      await decide.mutateAsync({ apply, decision });
      showToast(t(decisionToast[decision]), { role: 'status' });
    } catch {
      // The request function has shown why (e.g. already decided on another device).
    }
  };

  return (
    <li className={s.applyRow}>
      <article className={s.apply} aria-labelledby={nameId}>
        <AppLink to={withQuery(contactInfoUrl, { userId: apply.userId })} className={s.applyWho}>
          <span aria-hidden className={s.avatarBox}>
            <Avatar name={apply.nickName} src={apply.portrait || undefined} alt="" size={44} />
          </span>
          <span className={s.applyText}>
            <span id={nameId} className={s.applyName}>
              {apply.nickName}
            </span>
            {apply.reason && <span className={s.applyReason}>{apply.reason}</span>}
          </span>
        </AppLink>
        {actionable ? (
          <div className={s.applyActions} aria-busy={decide.isPending || undefined}>
            <button
              type="button"
              className={s.small}
              data-tone="primary"
              disabled={decide.isPending}
              onClick={() => void onDecide('accept')}
            >
              {t('friends.accept')}
            </button>
            <button
              type="button"
              className={s.small}
              disabled={decide.isPending}
              onClick={() => void onDecide('reject')}
            >
              {t('friends.reject')}
            </button>
            <button
              type="button"
              className={s.small}
              disabled={decide.isPending}
              onClick={() => void onDecide('ignore')}
            >
              {t('friends.ignore')}
            </button>
          </div>
        ) : (
          <span className={s.applyStatus}>{t(statusKey(apply))}</span>
        )}
      </article>
    </li>
  );
}
