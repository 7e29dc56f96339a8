/** How often an event (and value) was reported on a UTC day; see migrations/0026_stat_counts.ts. */
export interface StatCountsTable {
  day: string;
  app_key: string;
  name: string;
  value: string;
  count: number;
}
