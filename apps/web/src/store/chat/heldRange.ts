/**
 * The held range of a chat: every visible message with heldFrom < seq ≤ heldTo is on the
 * device. It is what makes gaps visible (a message past heldTo + 1, or a server lastSeq past
 * heldTo, means something is missing after heldTo) and what the older pages continue from.
 * null: the chat holds no history yet (it loads its newest page when opened).
 *
 * How each kind of arrival moves it, given the seqs that arrived and all the seqs now held:
 * - live (a push or a send answer): a chat with no range starts one at that message;
 * - sync (everything visible after `after`): contiguous with the range by construction; a first
 *   seq further on means the ones between are invisible to this user (cleared), not missing;
 * - a page (the newest, or the one before the oldest held): one unbroken block that joins the
 *   range only where the two meet. A live message that arrived while the page was on its way
 *   may have started a range above it; the page's rows then wait below until the range comes
 *   down to them or the next older page joins them.
 * Then the range grows over held seqs at both ends, and there is nothing older once it
 * reaches what the user cleared.
 *
 * Seqs an answer names empty (`emptySeqs`: skipped by a server restored from a backup; they
 * hold no message, ever) count as held: the range runs over them, a page joins the range
 * across them, and nothing is asked for them again. They are not kept: once the range spans
 * them, it is what remembers them.
 */
import type { SeqRange } from '@paichat/protocol';
import { advanceHeld, retreatHeld } from './messages';

export interface HeldRange {
  heldFrom: number | null;
  heldTo: number | null;
  hasOlder: boolean;
}

/** How a batch of server messages relates to what the chat holds (and the empty seqs its answer named). */
export type Arrival =
  | { kind: 'live' }
  | { kind: 'sync'; after: number; lastSeq: number; hasMore: boolean; empty?: readonly SeqRange[] }
  | { kind: 'newest'; lastSeq: number; hasMore: boolean; empty?: readonly SeqRange[] }
  | { kind: 'older'; hasMore: boolean; empty?: readonly SeqRange[] };

export function nextHeldRange(
  range: HeldRange,
  clearedSeq: number,
  arrived: readonly number[],
  arrival: Arrival,
  held: ReadonlySet<number>,
): HeldRange {
  let { heldFrom, heldTo, hasOlder } = range;
  const empty = arrival.kind === 'live' ? [] : (arrival.empty ?? []);
  // What the answer speaks for: the seqs that arrived and those it named empty.
  const starts = [...arrived, ...empty.map((r) => r.fromSeq)];
  const ends = [...arrived, ...empty.map((r) => r.toSeq)];
  const first = starts.length ? Math.min(...starts) : undefined;
  const last = ends.length ? Math.max(...ends) : undefined;
  switch (arrival.kind) {
    case 'live':
      if (heldTo === null && first !== undefined) {
        heldFrom = heldTo = first - 1;
        hasOlder = first - 1 > clearedSeq;
      }
      break;
    case 'sync':
      if (heldTo !== null) {
        if (first !== undefined) heldTo = Math.max(heldTo, first - 1);
        else if (!arrival.hasMore) heldTo = Math.max(heldTo, arrival.lastSeq);
      }
      break;
    case 'newest':
    case 'older':
      if (heldTo === null || heldFrom === null) {
        if (first === undefined || last === undefined) {
          heldTo = heldFrom = Math.max(arrival.kind === 'newest' ? arrival.lastSeq : 0, clearedSeq);
          hasOlder = false;
        } else {
          heldFrom = first - 1;
          heldTo = last;
          hasOlder = arrival.hasMore;
        }
      } else if (first === undefined || last === undefined) {
        if (arrival.kind === 'older') hasOlder = false;
      } else if (first - 1 <= heldTo && last >= heldFrom) {
        if (first - 1 < heldFrom) {
          heldFrom = first - 1;
          hasOlder = arrival.hasMore;
        }
        heldTo = Math.max(heldTo, last);
      }
      break;
  }
  if (heldTo !== null && heldFrom !== null) {
    heldTo = advanceHeld(heldTo, held, empty);
    heldFrom = retreatHeld(heldFrom, held, empty);
    if (heldFrom <= clearedSeq) hasOlder = false;
  }
  return { heldFrom, heldTo, hasOlder };
}
