import type { ReactNode } from 'react';

/** Characters kept before the first match when a long text is cut to show it. */
const LEAD = 12;

/**
 * A text with the given [start, end) ranges marked (<mark>), as the server found them. A long
 * text whose first match is far in starts a little before it ("…"), so the match shows on one line.
 */
export function Highlighted({
  text,
  ranges,
}: {
  text: string;
  ranges: readonly (readonly [number, number])[];
}) {
  const first = ranges[0]?.[0] ?? 0;
  const from = first > LEAD * 2 ? first - LEAD : 0;
  const parts: ReactNode[] = from > 0 ? ['…'] : [];
  let at = from;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length || start >= end) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
