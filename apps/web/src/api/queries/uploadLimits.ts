import { useQuery } from '@tanstack/react-query';
import { getUploadLimits } from '@paichat/protocol';
import { call } from '../request';

/**
 * The largest files the server takes (`GET /file/limits`), asked once per session: a file over
 * them is refused on the device before a byte goes up. Until it answers, the server's own
 * refusal says so.
 */
export function useUploadLimits() {
  return useQuery({
    queryKey: ['file', 'limits'],
    queryFn: ({ signal }) => call(getUploadLimits, {}, { signal, quiet: true }),
    staleTime: Infinity,
  }).data;
}
