import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clearLocation,
  listNearby,
  shareLocation,
  type Coordinates,
  type NearbyGender,
} from '@paichat/protocol';
import { call } from '../request';

/**
 * People Nearby over `/nearby/*`: sharing my position (the server keeps only its cell) and
 * clearing it, and the list of people near my shared place, one query per gender filter. A new
 * share makes every list stale (I may have moved); clearing drops them (there is nothing to show).
 */

const nearbyRoot = ['nearby'] as const;
export const nearbyKey = (gender: NearbyGender) => [...nearbyRoot, 'list', gender] as const;

export const nearbyQuery = (gender: NearbyGender) =>
  queryOptions({
    queryKey: nearbyKey(gender),
    queryFn: ({ signal }) => call(listNearby, { gender }, { signal }),
    // While another filter loads, the list shows the last answer rather than flashing empty.
    placeholderData: keepPreviousData,
  });

/** The people near my shared place; only asked for once I have shared one. */
export function useNearby(gender: NearbyGender, enabled: boolean) {
  return useQuery({ ...nearbyQuery(gender), enabled });
}

export function useShareLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (position: Coordinates) => call(shareLocation, position),
    onSuccess: () => client.invalidateQueries({ queryKey: nearbyRoot }),
  });
}

export function useClearLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(clearLocation, {}),
    onSuccess: () => client.removeQueries({ queryKey: nearbyRoot }),
  });
}
