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
