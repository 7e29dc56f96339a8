import { useMutation } from '@tanstack/react-query';
import { setMyPassword, type RequestOf } from '@paichat/protocol';
import { call } from '../request';

/**
 * Sets or changes the password (`POST /my/setPassword`). The server signs out every other
 * session of the account; this one stays, and no cached data changes.
 */
export function useSetMyPassword() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof setMyPassword>) => call(setMyPassword, input),
  });
}
