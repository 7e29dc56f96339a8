import { expect } from 'vitest';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: { code: number; msg: string; data: T; err?: string };
}

export interface CallOptions {
  /** JSON-encoded; or a raw string sent as is. */
  body?: unknown;
  rawBody?: string;
  token?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Something that reads like a stack frame, a file path with a line number, or an Error dump. */
export const STACK_TRACE = /\n[ \t]+at\s|\bat\s[\w.<>]+\s\(|\.(ts|js):\d+:\d+|node_modules|Error:\s/;

/** Calls the API as the web client does, and checks the answer never leaks a stack trace. */
export async function call<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { device: 'H5', version: '1.2.2', ...options.headers };
  if (options.token !== undefined) headers.authorization = options.token;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  expect(text).not.toMatch(STACK_TRACE);
  let parsed: ApiResponse<T>['body'];
  try {
    parsed = JSON.parse(text) as ApiResponse<T>['body'];
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

export const get = <T = unknown>(baseUrl: string, path: string, options?: CallOptions) =>
  call<T>(baseUrl, 'GET', path, options);
export const post = <T = unknown>(baseUrl: string, path: string, options?: CallOptions) =>
  call<T>(baseUrl, 'POST', path, options);
