import type { MouseEvent, ReactNode } from 'react';
import { normalizeUrl, useNav } from '../nav';

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
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    nav.navigateTo(to);
  };
  return (
    <a href={`#${normalizeUrl(to).url}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
