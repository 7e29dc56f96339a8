/**
 * Screens load on demand, by route, so a phone downloads only the code of the page it opens
 * (the bundle budget in apps/web/build/bundleBudget.ts). Spec 9's async page behaviour: nothing
 * for the first 200 ms (a page that arrives quickly never flashes a spinner), then a loading
 * state, and after 60 s an error with a retry. A page loaded once renders at once afterwards.
 * A page that could not load for want of a network tries again by itself once it is back.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { onNetworkBack } from '../api/online';
import { allTexts, useT } from '../i18n';
import { lazyModule } from '../lib/lazyModule';
import { firstScreenShown } from '../lib/firstScreen';
import s from './AsyncPage.module.css';

export const ASYNC_PAGE_DELAY_MS = 200;
export const ASYNC_PAGE_TIMEOUT_MS = 60_000;

export type LazyPage<P> = ComponentType<P> & {
  /** Start loading now (a page likely to be opened next); resolves once it is ready. */
  preload(): Promise<void>;
};

type Phase = 'waiting' | 'loading' | 'failed';

/**
 * A route's screen, loaded when first rendered: `lazyPage(() => import('./X').then((m) => m.X))`.
 * It waits for all the English texts too, unless it is a first page (`firstPage`), whose texts
 * are bundled (i18n/index.ts). Rendered, it has drawn the first screen (lib/firstScreen.ts),
 * unless its content comes later (`drawsLater`: the screen tells when it has drawn).
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { firstPage = false, drawsLater = false } = {},
): LazyPage<P> {
  const page = lazyModule(() =>
    timedOut(
      Promise.all([load(), firstPage || allTexts.load()]).then(([component]) => component),
      ASYNC_PAGE_TIMEOUT_MS,
    ),
  );
  // A failed or timed-out load is asked for again by the next attempt (lazyModule forgets it).
  const preload = () => page.load().then(() => undefined);

  function Lazy(props: P) {
    const [phase, setPhase] = useState<Phase>('waiting');
    const [attempt, setAttempt] = useState(0);
    const [, setReady] = useState(false);
    const loaded = page.current();
    const ready = loaded !== null;
    useEffect(() => {
      if (ready && !drawsLater) firstScreenShown();
    }, [ready]);

    useEffect(() => {
      if (ready) return;
      let live = true;
      const delay = setTimeout(() => {
        if (live) setPhase((now) => (now === 'waiting' ? 'loading' : now));
      }, ASYNC_PAGE_DELAY_MS);
      preload().then(
        () => live && setReady(true),
        () => live && setPhase('failed'),
      );
      return () => {
        live = false;
        clearTimeout(delay);
      };
    }, [ready, attempt]);

    const retry = () => {
      setPhase('waiting');
      setAttempt((n) => n + 1);
    };
    useEffect(() => (phase === 'failed' ? onNetworkBack(retry) : undefined), [phase]);

    if (loaded) {
      const Page = loaded;
      return <Page {...props} />;
    }
    return <AsyncPageState phase={phase} onRetry={retry} />;
  }
  Lazy.displayName = 'LazyPage';
  return Object.assign(Lazy, { preload });
}

function timedOut<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('page load timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function AsyncPageState({ phase, onRetry }: { phase: Phase; onRetry: () => void }) {
  const t = useT();
  if (phase === 'waiting') return <div className={s.state} aria-busy="true" />;
  if (phase === 'loading') {
    return (
      <div className={s.state} role="status" aria-busy="true">
        <span className={s.spinner} aria-hidden />
        <span>{t('common.loading')}</span>
      </div>
    );
  }
  return (
    <div className={s.state} role="alert">
      <p>{t('errors.network')}</p>
      <button type="button" className={s.retry} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
