/**
 * A web site on 127.0.0.1 whose pages a test writes, for link previews (server and e2e tests):
 * each path answers its page (status, content type, body; a body given as chunks goes without a
 * Content-Length), anything else 404, and the site counts the requests each path received.
 */
import { serveHttp } from './listeners';

export interface FakePage {
  status?: number;
  /** The Content-Type; text/html by default. */
  type?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | Buffer[];
}

export interface FakeSite {
  origin: string;
  /** The page's address on this site. */
  url(path: string): string;
  /** Puts (or replaces) the page at `path`. */
  page(path: string, page: FakePage): string;
  /** How many requests reached `path`. */
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startFakeSite(): Promise<FakeSite> {
  const pages = new Map<string, FakePage>();
  const listener = await serveHttp((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://site').pathname);
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html', ...page.headers });
    if (Array.isArray(page.body)) {
      for (const chunk of page.body) response.write(chunk);
      response.end();
    } else {
      response.end(page.body ?? '');
    }
  });
  const origin = `http://127.0.0.1:${listener.port}`;
  const url = (path: string) => `${origin}${path}`;
  return {
    origin,
    url,
    page(path, page) {
      pages.set(path, page);
      return url(path);
    },
    hits: (path) => listener.requests.filter((line) => line.split(' ')[1]?.split('?')[0] === path).length,
    close: () => listener.close(),
  };
}
