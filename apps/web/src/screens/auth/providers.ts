import type { IdentityProvider, OAuthProvider } from '@paichat/protocol';
import { ApiError } from '../../api/request';
import type { useT } from '../../i18n';
import { showToast } from '../../lib/ui';

type T = ReturnType<typeof useT>;

/** Services by their own names (not translated). */
export const PROVIDER_NAMES: Record<IdentityProvider, string> = {
  pi: 'Pi Network',
  google: 'Google',
  twitter: 'Twitter',
};

/** Leaves the app for the provider's page (a real navigation: the provider sends the browser back). */
export type LeaveFor = (url: string) => void;
export const leaveForProvider: LeaveFor = (url) => window.location.assign(url);

/**
 * Asks the server for the provider's page (`start` sets the cookie that binds the attempt to
 * this browser) and goes there. A failure says "Failed to get Google login link" (or Twitter's),
 * or the server's own reason when it gave one.
 */
export async function goToProvider(
  provider: OAuthProvider,
  start: () => Promise<{ url: string }>,
  t: T,
  leave: LeaveFor,
): Promise<void> {
  try {
    const { url } = await start();
    leave(url);
  } catch (failure) {
    const reason =
      failure instanceof ApiError && failure.kind === 'business' && failure.err !== undefined
        ? failure.message
        : t(provider === 'google' ? 'errors.googleLoginLinkFailed' : 'errors.twitterLoginLinkFailed');
    showToast(reason);
  }
}
