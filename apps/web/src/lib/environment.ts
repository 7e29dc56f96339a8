/**
 * Which browser the app runs in: the Pi Browser announces itself with "PiBrowser" in its UA.
 * `window.Pi` proves nothing: the Pi SDK loads in any browser.
 */
export type BrowserEnvironment = 'pi' | 'normal';

export function detectEnvironment(userAgent: string): BrowserEnvironment {
  return /PiBrowser/i.test(userAgent) ? 'pi' : 'normal';
}

/** Why a way of signing in is refused in this browser (spec 1), or null when it may go on. */
export type LoginRefusal =
  | { key: 'signIn.piUnsupported' }
  | { key: 'signIn.oauthInPi' }
  | { key: 'signIn.notSupported'; type: string };

/**
 * Spec 1's rules: Pi login only inside the Pi Browser; Google and Twitter only outside it;
 * a password login anywhere; any other type "{type} login is not supported".
 */
export function loginRefusal(type: string, env: BrowserEnvironment): LoginRefusal | null {
  switch (type) {
    case 'password':
      return null;
    case 'pi':
      return env === 'pi' ? null : { key: 'signIn.piUnsupported' };
    case 'google':
    case 'twitter':
      return env === 'pi' ? { key: 'signIn.oauthInPi' } : null;
    default:
      return { key: 'signIn.notSupported', type };
  }
}

/** WeChat's and the Pi Browser's in-app browsers, which cannot download an app (spec 2). */
export function cannotDownload(userAgent: string): boolean {
  return /MicroMessenger|PiBrowser/i.test(userAgent);
}

/** Set once the person has answered Discover's Pi Browser dialog: it is not asked again here. */
export const PI_DIALOG_SEEN_KEY = 'piBrowserDialogSeen';

/** Where the Pi Browser is downloaded: Pi Network's own site, which links every app store. */
export const PI_BROWSER_DOWNLOAD_URL = 'https://minepi.com/';

/** This page as the Pi Browser opens it (its `pi://` scheme, as Pi Network's app links use). */
export function piBrowserLink(location: Pick<Location, 'host' | 'pathname' | 'search' | 'hash'>): string {
  return `pi://${location.host}${location.pathname}${location.search}${location.hash}`;
}
