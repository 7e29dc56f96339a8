/**
 * A page URL with route parameters as query values, the spec's way of passing them
 * (`withQuery('/wx/personInfo/detail', { userId: '7' })` → '/wx/personInfo/detail?userId=7').
 * Undefined values are left out.
 */
export function withQuery(url: string, params: Readonly<Record<string, string | undefined>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/**
 * The address of a web page the web view may show: an absolute http(s) URL, normalised; null
 * for anything else (`javascript:`, `data:`, a relative or malformed address) and for an
 * address with a user name or password in it (`https://bank.com@evil.example` reads as one
 * site and opens another).
 */
export function webPageUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.href;
}
