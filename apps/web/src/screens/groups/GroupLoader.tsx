import type { ReactNode } from 'react';
import type { GroupInfo } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { useGroupInfo } from '../../api/queries/groupInfo';
import { useRouteParams } from '../../nav';
import { useT } from '../../i18n';
import { NoWayOn } from '../../components/NoWayOn';
import s from './groups.module.css';

/** The `groupId` route parameter of the group pages. */
export function useGroupIdParam(): string {
  return useRouteParams().groupId ?? '';
}

export interface GroupLoaderProps {
  groupId: string;
  /** Given when the children bring their own page: the loading and failed states get this one. */
  fallbackTitle?: string;
  children: (info: GroupInfo) => ReactNode;
}

/** Loads the group of the page's `groupId` and renders it, or the loading and failed states. */
export function GroupLoader({ groupId, fallbackTitle, children }: GroupLoaderProps) {
  const t = useT();
  const info = useGroupInfo(groupId);
  if (info.data) return children(info.data);
  const state =
    info.isError || !groupId ? (
      <NoWayOn title={t('groups.loadFailed')} onRetry={groupId ? () => void info.refetch() : undefined} />
    ) : (
      <p className={s.note} aria-busy>
        {t('common.loading')}
      </p>
    );
  return fallbackTitle === undefined ? state : <Page title={fallbackTitle}>{state}</Page>;
}
