/**
 * For screen tests: the server behind the request function, answered by handlers keyed by
 * protocol endpoint. It holds to the contract the way the real server does, so a fake cannot
 * drift from it:
 * - a request is parsed by its endpoint's request schema; one the real server would refuse is
 *   refused the same way (HTTP 400 with the schema's message), and the handler gets the parsed
 *   request (query or body, path parameters included);
 * - an answer is parsed by the endpoint's response schema before the app sees it; one the real
 *   server could never give fails the test (setup.ts checks after each test) and is answered
 *   with HTTP 500.
 * A path no route answers is a 404. Every call is recorded.
 *
 *   const server = fakeServer({ getMyInfo: () => me, setMyPassword: () => null });
 *   …
 *   expect(server.called('setMyPassword')[0]?.request).toEqual({ … });
 *
 * Handlers are named by the protocol's endpoint exports and typed by them: the handler gets the
 * endpoint's parsed request and must answer its response's shape (or a whole Response, e.g. a
 * `refusal`). `upload` answers the multipart upload.
 */
import { vi } from 'vitest';
import type { z } from 'zod';
import * as protocol from '@paichat/protocol';
import { UPLOAD_PATH, UPLOAD_VIDEO_PATH, UploadedFile, type Endpoint } from '@paichat/protocol';
import { endpointsIn } from '@paichat/protocol/schema-walk';
import { configureRequest } from '../api/request';
import { envelope } from './render';

export interface FakeCall {
  method: string;
  path: string;
  /** The URL as the app asked for it (path and query). */
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The body as sent: parsed JSON, or the FormData. */
  body: unknown;
  /** What the handler was given: the request as the server would parse it. */
  request: unknown;
}

type Protocol = typeof protocol;
/** The protocol's endpoints, by export name. */
type Endpoints = { [K in keyof Protocol as Protocol[K] extends Endpoint ? K : never]: Protocol[K] };
export type EndpointName = keyof Endpoints & string;

type Handler<E> = E extends Endpoint
  ? (request: z.output<E['request']>, call: FakeCall) => z.input<E['response']> | Response
  : never;

export type FakeHandlers = { [K in EndpointName]?: Handler<Endpoints[K]> } & {
  /** The upload route (multipart, outside the JSON contract): answers the stored file. */
  upload?: (request: undefined, call: FakeCall) => z.input<typeof UploadedFile> | Response;
  /** The video upload route, likewise. */
  uploadVideo?: (request: undefined, call: FakeCall) => z.input<typeof UploadedFile> | Response;
};

interface Route {
  method: string;
  path: string;
  request?: z.ZodType;
  response: z.ZodType;
}

const endpoints = Object.fromEntries(endpointsIn(protocol).map((e) => [nameOf(e), e]));
function nameOf(e: Endpoint): string {
  return Object.entries(protocol).find(([, value]) => value === e)?.[0] ?? e.path;
}
const uploadRoute: Route = { method: 'POST', path: UPLOAD_PATH, response: UploadedFile };
const uploadVideoRoute: Route = { method: 'POST', path: UPLOAD_VIDEO_PATH, response: UploadedFile };
const routeOf = (name: string): Route => {
  const route = name === 'upload' ? uploadRoute : name === 'uploadVideo' ? uploadVideoRoute : endpoints[name];
  if (!route) throw new Error(`fakeServer: ${name} is no endpoint of the protocol`);
  return route;
};

/** A business refusal, as the server sends it. */
export const refusal = (err: string, code = 400) => envelope(null, code, { err, msg: err });

/** The path parameters of `pattern` (`/friend/info/:id`) in `path`, or null when it does not match. */
function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const found = new RegExp(`^${source}$`).exec(path);
  if (!found) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]));
}

/** Answers no real server could give, since the last check (setup.ts fails the test on any). */
const breaches: string[] = [];
export const takeBreaches = (): string[] => breaches.splice(0);

const issuesOf = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

export function fakeServer(handlers: FakeHandlers) {
  const routes = Object.entries(handlers).map(([name, handler]) => ({
    ...routeOf(name),
    handler: handler as (request: unknown, call: FakeCall) => unknown,
  }));
  const calls: FakeCall[] = [];
  const toast = vi.fn<(message: string, position: 'center' | 'top') => void>();

  const fetch = vi.fn(async (url: string, init: RequestInit): Promise<Response> => {
    const parsed = new URL(url, 'http://test');
    const method = init.method ?? 'GET';
    const raw = init.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const query = Object.fromEntries(parsed.searchParams);
    const call: FakeCall = {
      method,
      path: parsed.pathname,
      url,
      query,
      headers: { ...(init.headers as Record<string, string>) },
      body,
      request: undefined,
    };
    calls.push(call);
    for (const route of routes) {
      const params = route.method === method ? matchPath(route.path, parsed.pathname) : null;
      if (!params) continue;
      if (route.request) {
        const input = method === 'GET' ? { ...query, ...params } : { ...(body as object), ...params };
        const request = route.request.safeParse(input);
        if (!request.success) return envelope(null, 400, { msg: issuesOf(request.error) });
        call.request = request.data;
      }
      const data = route.handler(call.request, call);
      if (data instanceof Response) return data;
      const checked = route.response.safeParse(data);
      if (checked.success) return envelope(checked.data);
      const breach = `${method} ${route.path} answered what the server never could: ${issuesOf(checked.error)}`;
      breaches.push(breach);
      return new Response(breach, { status: 500 });
    }
    return new Response('not found', { status: 404 });
  });

  configureRequest({ fetch, toast });
  return {
    fetch,
    toast,
    calls,
    /** The calls to one endpoint, oldest first. */
    called: (name: EndpointName | 'upload' | 'uploadVideo') => {
      const route = routeOf(name);
      return calls.filter((c) => c.method === route.method && matchPath(route.path, c.path));
    },
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;
