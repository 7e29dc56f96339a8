import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAuthProviders,
  getMyIdentities,
  linkPi,
  startOAuthLink,
  unlinkIdentity,
  type IdentityProvider,
  type MyIdentities,
  type OAuthProvider,
} from '@paichat/protocol';
import { call } from '../request';

/** Which sign-in services this server offers (`GET /auth/providers`); it changes only with a restart. */
export const authProvidersQuery = {
  queryKey: ['auth', 'providers'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(getAuthProviders, {}, { signal, quiet: true }),
  staleTime: Infinity,
};

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}

export const myIdentitiesKey = ['my', 'identities'] as const;

/** The services linked to this account, and whether it has a password (`GET /my/identities`). */
export function useMyIdentities() {
  return useQuery({
    queryKey: myIdentitiesKey,
    queryFn: ({ signal }) => call(getMyIdentities, {}, { signal }),
  });
}

function useIdentitiesChange<T>(change: (input: T) => Promise<MyIdentities>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (identities) => client.setQueryData(myIdentitiesKey, identities),
  });
}

/** Links the Pi account of an access token (`POST /my/identities/linkPi`). */
export const useLinkPi = () => useIdentitiesChange((accessToken: string) => call(linkPi, { accessToken }));

/** Unlinks a service (`POST /my/identities/unlink`). */
export const useUnlinkIdentity = () =>
  useIdentitiesChange((provider: IdentityProvider) => call(unlinkIdentity, { provider }));

/** The Google or X page that links an account of theirs (`POST /my/identities/linkStart`). */
export const startLink = (provider: OAuthProvider) => call(startOAuthLink, { provider }, { quiet: true });
