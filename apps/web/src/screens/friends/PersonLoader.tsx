import type { ReactNode } from 'react';
import type { PersonView } from '@paichat/protocol';
import { useFriendInfo } from '../../api/queries/friendInfo';
import { NoWayOn } from '../../components/NoWayOn';
import { useRouteParams } from '../../nav';
import { useT } from '../../i18n';
import s from './friends.module.css';

/** The `userId` route parameter of the person pages. */
export function useUserIdParam(): string {
  return useRouteParams().userId ?? '';
}

/** The `ref` route parameter: the reference that opens a stranger (search, card, QR code). */
export function useRefParam(): string {
  return useRouteParams().ref ?? '';
}

/** Loads the person of the page's `userId` and renders them, or the loading and failed states. */
export function PersonLoader({
  userId,
  personRef = '',
  children,
}: {
  userId: string;
  /** The reference the page was opened with, if any. */
  personRef?: string;
  children: (person: PersonView) => ReactNode;
}) {
  const t = useT();
  const info = useFriendInfo(userId, personRef);
  if (info.data) return children(info.data);
  if (info.isError || !userId) {
    return (
      <NoWayOn title={t('friends.loadFailed')} onRetry={userId ? () => void info.refetch() : undefined} />
    );
  }
  return (
    <p className={s.note} aria-busy>
      {t('common.loading')}
    </p>
  );
}
