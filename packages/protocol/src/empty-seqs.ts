import { z } from 'zod';

/**
 * Seqs `fromSeq`…`toSeq` (both included) of one chat. As `emptySeqs` in the answers of
 * /chat/syncMessages and /chat/getChatMessages: seqs that hold no message and never will (the
 * server skipped them after its database was restored, see chats.ts). The helpers below take
 * such ranges ascending and apart from one another, as the server answers them.
 */
export const SeqRange = z.object({ fromSeq: z.number().int(), toSeq: z.number().int() });
export type SeqRange = z.infer<typeof SeqRange>;

/** The parts of the ranges that lie within from…to. */
export function clipRanges(ranges: readonly SeqRange[], from: number, to: number): SeqRange[] {
  const clipped: SeqRange[] = [];
  for (const range of ranges) {
    const fromSeq = Math.max(range.fromSeq, from);
    const toSeq = Math.min(range.toSeq, to);
    if (fromSeq <= toSeq) clipped.push({ fromSeq, toSeq });
  }
  return clipped;
}

/** How many seqs of from…to the ranges hold. */
export const countInRanges = (ranges: readonly SeqRange[], from: number, to: number): number =>
  clipRanges(ranges, from, to).reduce((sum, range) => sum + range.toSeq - range.fromSeq + 1, 0);

/** The range that holds `seq`, if any. */
export const rangeHolding = (ranges: readonly SeqRange[], seq: number): SeqRange | undefined =>
  ranges.find((range) => range.fromSeq <= seq && seq <= range.toSeq);

/** The highest seq at or below `seq` that no range holds (the ranges may touch one another). */
export function belowRanges(ranges: readonly SeqRange[], seq: number): number {
  let at = seq;
  for (let range = rangeHolding(ranges, at); range; range = rangeHolding(ranges, at)) at = range.fromSeq - 1;
  return at;
}

/**
 * Counting down from `top`, the seq reached after passing `count` seqs that no range holds:
 * the lowest of them (`top + 1` when count is 0). Pages numbered back from the newest message
 * start below it.
 */
export function stepDown(ranges: readonly SeqRange[], top: number, count: number): number {
  let at = top + 1;
  let left = count;
  for (let i = ranges.length - 1; i >= 0; i -= 1) {
    const range = ranges[i] as SeqRange;
    if (range.fromSeq >= at) continue;
    const free = at - 1 - Math.min(range.toSeq, at - 1);
    if (free >= left) return at - left;
    left -= free;
    at = range.fromSeq;
  }
  return at - left;
}
