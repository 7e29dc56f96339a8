/**
 * A screen's stylesheet that could not load (offline, its code still on the server) is linked
 * again once the network is back. The bundler's preload links a screen's stylesheets as it loads
 * the screen's code, but never again for a later load (its memo keeps every href it has seen),
 * so the screen, tried again (its Retry, or by itself: AsyncPage), would draw without them.
 */
export function relinkFailedStylesheets(win: Window & typeof globalThis = window): void {
  const failed = new Set<HTMLLinkElement>();
  win.document.addEventListener(
    'error',
    (event) => {
      const link = event.target;
      if (link instanceof win.HTMLLinkElement && link.rel === 'stylesheet') failed.add(link);
    },
    // A load error does not bubble: caught on its way down to the link.
    true,
  );
  win.addEventListener('online', () => {
    for (const link of failed) link.replaceWith(link.cloneNode());
    failed.clear();
  });
}
