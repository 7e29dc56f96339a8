import type { MouseEvent, ReactNode } from 'react';
import { normalizeUrl, useNav } from '../nav';

/**
 * A click the app may take over: the main button, no modifier. Any other (a middle click,
 * Ctrl or ⌘ for a new tab, Shift for a new window) is the browser's, as on any link.
 */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !(event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey);
}

/**
 * A real link (it has an href, opens in a new tab, reads as a link) that navigates through
 * navigateTo so the navigation rules apply.
 */
export function AppLink({
  to,
  children,
  className,
}: {
  to: string;
  children?: ReactNode;
  className?: string;
}) {
  const nav = useNav();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    nav.navigateTo(to);
  };
  return (
    <a href={`#${normalizeUrl(to).url}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
