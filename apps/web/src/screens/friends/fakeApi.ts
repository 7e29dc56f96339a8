/**
 * For tests: a fake API server behind the request function's `fetch`. Each route answers
 * `(body, query)` with the envelope's data, or a Response for a refusal; every call is recorded.
 */
import { envelope } from '../../test/render';

export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type FakeRoute = (body: unknown, query: Record<string, string>) => unknown;

export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const parsed = new URL(url, 'http://test');
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const query = Object.fromEntries(parsed.searchParams);
    calls.push({ method, path: parsed.pathname, query, body });
    const route = routes[`${method} ${parsed.pathname}`];
    if (!route) return new Response('not found', { status: 404 });
    const answer = route(body, query);
    return answer instanceof Response ? answer : envelope(answer);
  };
  return {
    fetch,
    calls,
    called: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A business refusal, as the server sends it. */
export const refusal = (err: string, code = 400) => envelope(null, code, { err, msg: err });
