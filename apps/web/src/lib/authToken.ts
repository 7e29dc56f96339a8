/**
 * The stored Authorization lives in the `auth_token` cookie, URI-encoded (spec section 7: the
 * request reads it from there). SameSite=Lax, 30 days, path /.
 */
export const AUTH_COOKIE = 'auth_token';
export const AUTH_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export function readAuthToken(cookie: string = document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== AUTH_COOKIE) continue;
    const raw = part.slice(eq + 1).trim();
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function secure(): string {
  return typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
}

export function writeAuthToken(token: string): void {
  document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(token)}; path=/; max-age=${AUTH_COOKIE_MAX_AGE_S}; SameSite=Lax${secure()}`;
}

export function clearAuthToken(): void {
  document.cookie = `${AUTH_COOKIE}=; path=/; max-age=0; SameSite=Lax${secure()}`;
}
