import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCaptcha } from '@paichat/protocol';
import { call } from '../request';

export const captchaKey = (account = '') => ['auth', 'captcha', account] as const;

/**
 * A single-use verification code; refetch for a new one (after a failed try, on tap). Asked
 * with the account the login was refused for (`captchaRequired`), the server issues a code
 * even when it does not use them by default.
 */
export const captchaQuery = (account = '') =>
  queryOptions({
    queryKey: captchaKey(account),
    queryFn: ({ signal }) => call(getCaptcha, account ? { account } : {}, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

export function useCaptcha(account = '') {
  return useQuery(captchaQuery(account));
}
