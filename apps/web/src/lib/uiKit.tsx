/**
 * antd-mobile's imperative pieces and global setup, loaded on demand by lib/ui.tsx: the first
 * page draws without them (the bundle budget), and they arrive before anyone can need a toast.
 */
import { Dialog, setDefaultConfig, Toast, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 mounts Toast and Dialog with ReactDOM.render, which React 19 removed: without
 * this, no toast shows and the production build throws. Render them through createRoot instead
 * (antd's React 19 guide); unmount on the next tick so a closing animation can finish. Installed
 * when this module loads, so before any toast or dialog.
 */
const roots = new Map<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  const mounted = root;
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    mounted.unmount();
    roots.delete(container);
  };
});

/**
 * Closes every toast and dialog at once, animations and all: unmounts what the kit rendered and
 * takes its containers out of the page. Tests call it after each test: antd-mobile unmounts a
 * closed dialog only when its closing animation reports its end, which a dialog closed while still
 * opening does not always do.
 */
export function unmountAll(): void {
  Dialog.clear();
  Toast.clear();
  for (const [container, root] of roots) {
    root.unmount();
    roots.delete(container);
    if (container instanceof Element) container.remove();
  }
}

export { Dialog, setDefaultConfig, Toast };
