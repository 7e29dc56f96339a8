import { describe, expect, it } from 'vitest';
import { relinkFailedStylesheets } from './failedStylesheets';

describe('relinkFailedStylesheets', () => {
  it('links a stylesheet that failed again once the network is back, and only that one', () => {
    // A window of its own (a frame's), so the listeners go with it.
    const frame = document.createElement('iframe');
    document.body.append(frame);
    try {
      const window = frame.contentWindow as Window & typeof globalThis;
      relinkFailedStylesheets(window);
      const link = (rel: string, href: string) => {
        const element = window.document.createElement('link');
        element.rel = rel;
        element.href = href;
        window.document.head.append(element);
        return element;
      };
      const failed = link('stylesheet', 'http://app/assets/Me.css');
      const loaded = link('stylesheet', 'http://app/assets/web.css');
      const icon = link('icon', 'http://app/icon.png');
      failed.dispatchEvent(new window.Event('error'));
      icon.dispatchEvent(new window.Event('error'));

      window.dispatchEvent(new window.Event('online'));
      const links = [...window.document.head.querySelectorAll('link')];
      expect(links.map((l) => [l.rel, l.href])).toEqual([
        ['stylesheet', 'http://app/assets/Me.css'],
        ['stylesheet', 'http://app/assets/web.css'],
        ['icon', 'http://app/icon.png'],
      ]);
      expect(links[0]).not.toBe(failed);
      expect(links.slice(1)).toEqual([loaded, icon]);

      // Once is enough: the next time the network returns, the new link is left alone.
      const relinked = links[0];
      window.dispatchEvent(new window.Event('online'));
      expect(window.document.head.querySelector('link')).toBe(relinked);
    } finally {
      frame.remove();
    }
  });
});
