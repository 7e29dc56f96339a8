/**
 * Start-up work that no first screen needs (the UI kit's imperative half, the rest of English,
 * tidying a past session's chats) waits until the first screen has drawn and the browser is
 * idle: on a slow phone network it would otherwise share the line with that screen's code and
 * data, and the page would stay blank longer.
 */

/** At the latest this long after start the waiting work runs, even if no screen said it drew. */
export const FIRST_SCREEN_FALLBACK_MS = 5_000;

/** Runs when the browser is idle (soon, where it cannot tell). */
export const whenIdle = (run: () => void): void =>
  void (typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : setTimeout(run, 500));

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
  setTimeout(resolve, FIRST_SCREEN_FALLBACK_MS);
});

/** A screen has drawn (components/AsyncPage.tsx says so for every route's screen). */
export function firstScreenShown(): void {
  markShown();
}

/** Runs `work` once the first screen has drawn and the browser is idle. */
export function afterFirstScreen(work: () => void): void {
  void shown.then(() => whenIdle(work));
}
