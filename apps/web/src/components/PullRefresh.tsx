import type { ReactNode } from 'react';
import { PullToRefresh } from 'antd-mobile';
import { useT } from '../i18n';

/** Pull down to refresh, with the spec's texts for each state, in the interface language. */
export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <PullToRefresh
      onRefresh={async () => void (await onRefresh())}
      pullingText={t('friends.pull.pulling')}
      canReleaseText={t('friends.pull.canRelease')}
      refreshingText={t('friends.pull.refreshing')}
      completeText={t('friends.pull.complete')}
    >
      {children}
    </PullToRefresh>
  );
}
