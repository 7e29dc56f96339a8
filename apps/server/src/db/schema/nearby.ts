/** A user's shared place; see migrations/0027_nearby_locations.ts. */
export interface NearbyLocationsTable {
  user_id: number;
  cell: string;
  area: string;
  shared_at: number;
  expires_at: number;
}

/** Whom a user was shown in People Nearby, and when last; see migrations/0033_nearby_sightings.ts. */
export interface NearbySightingsTable {
  viewer_id: number;
  person_id: number;
  shown_at: number;
}

/** A user's latest shake; see migrations/0028_shakes.ts. */
export interface ShakesTable {
  user_id: number;
  cell: string | null;
  area: string | null;
  shaken_at: number;
  matched_with: number | null;
  /** A DistanceBucket; null when either side shook without a position. */
  matched_distance: string | null;
}
