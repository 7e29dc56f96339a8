/**
 * Virtuoso keeps its place when items are prepended only if `firstItemIndex` drops by the
 * number of items added in front. This works out that number from the keys: where the old
 * first row is now. Appending (new messages) or replacing a row's id (a sent row gets its
 * msgId) leaves the index alone; a list that changed beyond recognition (cleared history,
 * another chat) starts over.
 */
export const FIRST_ITEM_INDEX_START = 1_000_000;

export function nextFirstItemIndex(
  previous: number,
  previousFirstKey: string | undefined,
  keys: readonly string[],
): number {
  if (previousFirstKey === undefined || keys.length === 0) return FIRST_ITEM_INDEX_START;
  if (keys[0] === previousFirstKey) return previous;
  const at = keys.indexOf(previousFirstKey);
  if (at > 0) return previous - at;
  return FIRST_ITEM_INDEX_START;
}
