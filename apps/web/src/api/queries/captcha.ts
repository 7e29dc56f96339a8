import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCaptcha } from '@paichat/protocol';
import { call } from '../request';

export const captchaKey = ['auth', 'captcha'] as const;

/** A single-use verification code; refetch for a new one (after a failed login, on tap). */
export const captchaQuery = queryOptions({
  queryKey: captchaKey,
  queryFn: ({ signal }) => call(getCaptcha, {}, { signal }),
  staleTime: 0,
  gcTime: 0,
});

export function useCaptcha() {
  return useQuery(captchaQuery);
}
