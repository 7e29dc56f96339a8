import { useQuery } from '@tanstack/react-query';
import { getAppDownload } from '@paichat/protocol';
import { call } from '../request';

/** Where the app is downloaded, its size, version and last update (`GET /app/download`). */
export function useAppDownload() {
  return useQuery({
    queryKey: ['app', 'download'],
    queryFn: ({ signal }) => call(getAppDownload, {}, { signal }),
  });
}
