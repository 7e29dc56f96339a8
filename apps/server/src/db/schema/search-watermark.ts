/** How far the search index has read the messages: migrations/0039_search_watermark.ts (one row, id 1). */
export interface SearchWatermarkTable {
  id: number;
  /** Every message with an id up to this one is indexed (or has no words). */
  indexed_to: number;
}
