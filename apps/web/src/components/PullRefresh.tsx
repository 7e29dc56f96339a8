import { useCallback, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n';
import { useAfterFirstScreen } from '../lib/firstScreen';
import { lazyModule, useLazyModule } from '../lib/lazyModule';
import s from './PullRefresh.module.css';

/**
 * antd-mobile's PullToRefresh with its springs and gestures: not on the Message tab's critical
 * path, it loads once the first screen has drawn.
 */
export const pullToRefreshKit = lazyModule(() => import('./pullToRefreshKit'));

/** Spec 2's pull-to-refresh states. */
export type PullState = 'pulling' | 'reached' | 'refreshing' | 'aborting' | 'restoring';

/**
 * A page's pull-to-refresh config (spec 2: "pull range and height come from page config"), in
 * px: the pull reaches its refresh at `range` (released there, the page refreshes), and the
 * head stays `height` tall while it refreshes. A page may give its own; these are the default.
 */
export interface PullConfig {
  range: number;
  height: number;
}
export const PAGE_PULL_CONFIG: PullConfig = { range: 80, height: 50 };

type KitStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/**
 * The spec's state from the gesture's: antd-mobile has no state for a pull let go before it
 * reached its range (the head springs back: aborting) and calls the spring back after a refresh
 * "complete" (restoring).
 */
export function pullStateOf(status: KitStatus, aborted: boolean): PullState {
  switch (status) {
    case 'canRelease':
      return 'reached';
    case 'refreshing':
      return 'refreshing';
    case 'complete':
      return 'restoring';
    case 'pulling':
      return aborted ? 'aborting' : 'pulling';
  }
}

/**
 * Pull down to refresh, with the spec's states and a text for each, in the interface language.
 * The list draws at once and becomes pullable when the gesture's code has arrived. The content
 * lives in a node of its own (a portal) that moves into the gesture's frame then, so it is never
 * mounted twice: its state, scroll position and elements stay as they were.
 */
export function PullRefresh({
  onRefresh,
  config = PAGE_PULL_CONFIG,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  config?: PullConfig;
  children: ReactNode;
}) {
  const t = useT();
  const kit = useLazyModule(pullToRefreshKit, useAfterFirstScreen());
  const [host] = useState(() => document.createElement('div'));
  // A pull let go while it had not reached its range is aborting until the next touch.
  const [aborted, setAborted] = useState(false);
  const lastStatus = useRef<KitStatus>('pulling');
  const moved = useRef(false);
  const release = () => {
    if (moved.current && lastStatus.current === 'pulling') setAborted(true);
    moved.current = false;
  };
  const place = useCallback(
    (frame: HTMLDivElement | null) => {
      if (frame && host.parentNode !== frame) frame.appendChild(host);
    },
    [host],
  );
  // The content's portal keeps one place in the tree (the frame's second child) whether the
  // kit has arrived or not: anywhere else, React would mount the list a second time.
  return (
    <div
      className={s.frame}
      style={{ '--pull-range': `${config.range}px` } as CSSProperties}
      onTouchStartCapture={() => setAborted(false)}
      onTouchMoveCapture={() => (moved.current = true)}
      onTouchEndCapture={release}
      onTouchCancelCapture={release}
    >
      {kit ? (
        <kit.PullToRefresh
          onRefresh={async () => void (await onRefresh())}
          threshold={config.range}
          headHeight={config.height}
          renderText={(status) => {
            lastStatus.current = status;
            const state = pullStateOf(status, aborted);
            return <span data-pull-state={state}>{t(`pull.${state}`)}</span>;
          }}
        >
          <div ref={place} />
        </kit.PullToRefresh>
      ) : (
        <div ref={place} />
      )}
      {createPortal(children, host)}
    </div>
  );
}
