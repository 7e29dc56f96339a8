/**
 * Whether the person has agreed to share their location with People Nearby (localStorage,
 * cleared with the session): after that, opening the page shares again at once instead of
 * explaining first. Clearing the location withdraws it.
 */
const KEY = 'nearbyConsent';

export function hasNearbyConsent(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setNearbyConsent(given: boolean): void {
  try {
    if (given) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: the explanation shows again next time, nothing worse.
  }
}
