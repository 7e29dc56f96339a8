import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { lazyModule, useLazyModule } from '../lib/lazyModule';

/** antd-mobile's PullToRefresh with its springs and gestures: not on the Message tab's critical path. */
export const pullToRefreshKit = lazyModule(() => import('./pullToRefreshKit'));

/**
 * Pull down to refresh, with the spec's texts for each state, in the interface language. The
 * list draws at once and becomes pullable when the gesture's code has arrived.
 */
export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const t = useT();
  const kit = useLazyModule(pullToRefreshKit);
  if (!kit) return <div>{children}</div>;
  return (
    <kit.PullToRefresh
      onRefresh={async () => void (await onRefresh())}
      pullingText={t('friends.pull.pulling')}
      canReleaseText={t('friends.pull.canRelease')}
      refreshingText={t('friends.pull.refreshing')}
      completeText={t('friends.pull.complete')}
    >
      {children}
    </kit.PullToRefresh>
  );
}
