import { useEffect, useState } from 'react';

/**
 * The height of the visible part of the page. On phones the on-screen keyboard shrinks the
 * visual viewport (not always the layout one), so a screen that must keep its input bar above
 * the keyboard ("keyboard resizes page") sizes itself by this.
 */
export function useVisualViewportHeight(win: Window = window): number {
  const [height, setHeight] = useState(() => Math.round(win.visualViewport?.height ?? win.innerHeight));
  useEffect(() => {
    const viewport = win.visualViewport;
    const update = () => setHeight(Math.round(viewport?.height ?? win.innerHeight));
    update();
    if (viewport) {
      viewport.addEventListener('resize', update);
      return () => viewport.removeEventListener('resize', update);
    }
    win.addEventListener('resize', update);
    return () => win.removeEventListener('resize', update);
  }, [win]);
  return height;
}
