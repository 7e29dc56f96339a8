import type { MouseEvent } from 'react';
import { appRouteOf } from '../../lib/appLink';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { isPlainClick } from '../AppLink';
import { useChatLinks } from './ChatLinks';

/**
 * What a tap on a web address in a message does: a link to one of the app's own pages opens
 * that page in the app; any other opens in the web view, which shows where it leads, always
 * offers "Open in browser" and says so clearly of an address on the app's own site rather than
 * framing it into the browser's refusal. The address stays the link's `href`, so a middle or
 * modified click still opens it in a new tab, as on any link.
 */
export function useOpenLink(): (event: MouseEvent<HTMLAnchorElement>, href: string) => void {
  const nav = useNav();
  const { webView } = useChatLinks();
  return (event, href) => {
    if (!isPlainClick(event)) return;
    const route = appRouteOf(href);
    if (route) {
      event.preventDefault();
      // navigateTo refuses a tab page, which is switched to instead.
      const opened = nav.navigateTo(route);
      if (!opened.ok && opened.reason === 'tabPage') nav.switchTab(route);
    } else if (webView) {
      event.preventDefault();
      nav.navigateTo(withQuery(webView, { url: href }));
    }
  };
}
