/**
 * For screen tests: a connection on which requests to some paths get no answer, so the request
 * function times them out (after `timeoutMs`, short here) as it does a real connection timeout.
 * Other requests reach the fake server. `restore()` brings the connection back.
 */
import { REQUEST_TIMEOUT_MS } from '@paichat/protocol';
import { configureRequest } from '../api/request';
import type { FakeServer } from './fakeServer';

export function timingOut(server: FakeServer, pathPrefix: string, timeoutMs = 30) {
  const fetch = (url: string, init: RequestInit): Promise<Response> => {
    if (!new URL(url, 'http://test').pathname.startsWith(pathPrefix)) return server.fetch(url, init);
    return new Promise((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'AbortError'))),
    );
  };
  configureRequest({ fetch, timeoutMs });
  return { restore: () => configureRequest({ fetch: server.fetch, timeoutMs: REQUEST_TIMEOUT_MS }) };
}
