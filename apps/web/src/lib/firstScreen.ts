/**
 * Start-up work that no first screen needs (the UI kit's imperative half, the rest of English,
 * the socket's push schema and handshake, code for the next screens) waits until the first
 * screen has drawn its content and the browser is idle: on a slow phone network it would
 * otherwise share the line and the main thread with that screen's code and data, and the
 * screen would stay empty longer.
 */
import { useEffect, useState } from 'react';

/** At the latest this long after start the waiting work runs, even if no screen said it drew. */
export const FIRST_SCREEN_FALLBACK_MS = 5_000;

/** The longest wait for an idle moment: on a busy phone there may be none for seconds. */
const IDLE_TIMEOUT_MS = 500;

/** Runs when the browser is idle, or IDLE_TIMEOUT_MS from now at the latest. */
export const whenIdle = (run: () => void): void =>
  void (typeof requestIdleCallback === 'function'
    ? requestIdleCallback(() => run(), { timeout: IDLE_TIMEOUT_MS })
    : setTimeout(run, IDLE_TIMEOUT_MS));

/** Resolves in a task of its own: what runs before and after it are separate tasks. */
export const yieldToBrowser = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

/**
 * Runs after the browser has painted what was just rendered. A page in the background paints
 * nothing and gets no animation frames: there a short timer runs it.
 */
function afterPaint(run: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  setTimeout(once, 100);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once));
}

let markShown: () => void = () => undefined;
/** Resolves once the first screen has drawn and been painted (or the fallback's time is up). */
const firstScreenDrawn = new Promise<void>((resolve) => {
  markShown = () => afterPaint(resolve);
  setTimeout(resolve, FIRST_SCREEN_FALLBACK_MS);
});

let done = false;
/**
 * Resolves once the first screen has drawn and the browser is idle, IDLE_TIMEOUT_MS after the
 * paint at the latest (at once after that).
 */
export const firstScreenDone: Promise<void> = firstScreenDrawn
  .then(() => new Promise<void>((resolve) => whenIdle(resolve)))
  .then(() => void (done = true));

/**
 * The first screen has drawn its content. A route's screen says so when it renders
 * (components/AsyncPage.tsx), unless its content comes after it (`lazyPage`'s `drawsLater`):
 * then the screen says so itself once it has (the Message tab, when its chats show).
 */
export function firstScreenShown(): void {
  markShown();
}

/**
 * Runs `work` once the first screen has drawn, when the browser is idle: each piece of work in
 * an idle moment of its own, not all of them in one long task.
 */
export function afterFirstScreen(work: () => void): void {
  void firstScreenDone.then(() => whenIdle(work));
}

/** Whether the first screen has drawn and the browser been idle since (re-renders when so). */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(done);
  useEffect(() => {
    if (after) return;
    let live = true;
    afterFirstScreen(() => live && setAfter(true));
    return () => {
      live = false;
    };
  }, [after]);
  return after;
}
