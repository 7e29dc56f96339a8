/** Which browser the app runs in: the Pi Browser announces itself with "PiBrowser" in its UA. */
export type BrowserEnvironment = 'pi' | 'normal';

export function detectEnvironment(userAgent: string): BrowserEnvironment {
  return /PiBrowser/i.test(userAgent) ? 'pi' : 'normal';
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
