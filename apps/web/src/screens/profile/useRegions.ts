import { useQuery } from '@tanstack/react-query';
import type { Address } from '@paichat/protocol';
import { currentLocale } from '../../i18n';
import { formatRegion, preloadRegions, regionOptions } from '../../lib/regions';

/**
 * The region data is a chunk of its own that loads on demand; these hooks load it through the
 * query cache (once per visit, shared by every screen) and re-render when it is there.
 */
export function useRegionOptions() {
  const locale = currentLocale();
  return useQuery({
    queryKey: ['regions', 'options', locale],
    queryFn: () => regionOptions(locale),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** A stored address for display, in the interface language; native place names once loaded. */
export function useRegionText(address: Address): string {
  const locale = currentLocale();
  // formatRegion works without the data (stored values) and uses it once it has loaded.
  useQuery({
    queryKey: ['regions', 'data'],
    queryFn: () => preloadRegions().then(() => true),
    staleTime: Infinity,
  });
  return formatRegion(address, locale);
}
