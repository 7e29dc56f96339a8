import { useCallback, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n';
import { lazyModule, useLazyModule } from '../lib/lazyModule';

/** antd-mobile's PullToRefresh with its springs and gestures: not on the Message tab's critical path. */
export const pullToRefreshKit = lazyModule(() => import('./pullToRefreshKit'));

/**
 * Pull down to refresh, with the spec's texts for each state, in the interface language. The
 * list draws at once and becomes pullable when the gesture's code has arrived. The content lives
 * in a node of its own (a portal) that moves into the gesture's frame then, so it is never
 * mounted twice: its state, scroll position and elements stay as they were.
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
  const [host] = useState(() => document.createElement('div'));
  const place = useCallback(
    (frame: HTMLDivElement | null) => {
      if (frame && host.parentNode !== frame) frame.appendChild(host);
    },
    [host],
  );
  const content = createPortal(children, host);
  if (!kit) {
    return (
      <>
        <div ref={place} />
        {content}
      </>
    );
  }
  return (
    <>
      <kit.PullToRefresh
        onRefresh={async () => void (await onRefresh())}
        pullingText={t('friends.pull.pulling')}
        canReleaseText={t('friends.pull.canRelease')}
        refreshingText={t('friends.pull.refreshing')}
        completeText={t('friends.pull.complete')}
      >
        <div ref={place} />
      </kit.PullToRefresh>
      {content}
    </>
  );
}
