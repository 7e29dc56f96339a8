import { useId, useState, type FormEvent } from 'react';
import { APPLY_REASON_MAX, FriendSource, REMARK_MAX } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { NoWayOn } from '../../components/NoWayOn';
import { TextField } from '../../components/TextField';
import { showToast } from '../../lib/ui';
import { useApplyFriend } from '../../api/queries/applyFriend';
import { useDict } from '../../api/queries/dict';
import { useFriendInfo } from '../../api/queries/friendInfo';
import { useMyInfo } from '../../api/queries/myInfo';
import { useNav, useRouteParams } from '../../nav';
import { useT } from '../../i18n';
import { useRefParam, useUserIdParam } from './PersonLoader';
import s from './friends.module.css';

/** The dictionary's default reason with the sender's name in it ("Hi, I'm {nickName}"). */
export function defaultReason(template: string | undefined, nickName: string | undefined): string {
  if (!template) return '';
  return template.replaceAll('{nickName}', nickName ?? '').slice(0, APPLY_REASON_MAX);
}

/** Friend Request: an optional verification message and remark, then Send. */
export function FriendRequestScreen() {
  const t = useT();
  const nav = useNav();
  const userId = useUserIdParam();
  const personRef = useRefParam();
  const parsed = FriendSource.safeParse(useRouteParams().source);
  const source = parsed.success ? parsed.data : 'search';
  const reasonId = useId();

  const person = useFriendInfo(userId, personRef);
  const me = useMyInfo();
  const reasons = useDict('friend_apply_reason');
  const apply = useApplyFriend();

  // Prefilled from the dictionary until the person types their own.
  const [reason, setReason] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const reasonValue = reason ?? defaultReason(reasons.data?.[0]?.dictLabel, me.data?.nickName);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending || !userId) return;
    try {
      const result = await apply.mutateAsync({
        userId,
        ...(personRef ? { ref: personRef } : {}),
        reason: reasonValue.trim(),
        remark: remark.trim(),
        source,
      });
      showToast(t(result.status === 'accepted' ? 'friends.nowFriends' : 'friends.requestSent'), {
        role: 'status',
      });
      nav.navigateBack();
    } catch {
      // Each refusal (cannotAddSelf, alreadyFriends, requestPending, blockedByUser, userBlocked)
      // has been shown in the interface language by the request function.
    }
  };

  if (!userId || (person.isError && !person.data))
    return (
      <Page title={t('routes.friendRequest')}>
        <NoWayOn title={t('friends.loadFailed')} onRetry={userId ? () => void person.refetch() : undefined} />
      </Page>
    );

  // Come back to (Back, Forward, a link) while the request waits: a second one would be refused.
  if (person.data?.requestSent)
    return (
      <Page title={t('routes.friendRequest')}>
        <p className={s.note}>{t('friends.requestWaiting')}</p>
      </Page>
    );

  return (
    <Page title={t('routes.friendRequest')}>
      <form className={s.form} onSubmit={submit} noValidate>
        <div className={s.field}>
          <label className={s.fieldLabel} htmlFor={reasonId}>
            {t('friends.verification')}
          </label>
          <textarea
            id={reasonId}
            className={s.textarea}
            value={reasonValue}
            onChange={(event) => setReason(event.target.value)}
            maxLength={APPLY_REASON_MAX}
            rows={3}
            placeholder={t('friends.optional')}
          />
        </div>
        <TextField
          label={t('friends.remark')}
          placeholder={person.data?.nickName ?? t('friends.optional')}
          value={remark}
          onValueChange={setRemark}
          maxLength={REMARK_MAX}
        />
        <button
          type="submit"
          className={s.primary}
          disabled={apply.isPending || !userId}
          aria-busy={apply.isPending}
        >
          {t('friends.send')}
        </button>
      </form>
    </Page>
  );
}
