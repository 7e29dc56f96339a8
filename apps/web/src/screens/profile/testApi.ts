/**
 * For the profile tests: a stand-in for the server behind the stubbed fetch. Each handler gets
 * the parsed JSON body (or the FormData) and answers `data`, or a whole Response; every call is
 * recorded.
 */
import { vi } from 'vitest';
import type { MyInfo } from '@paichat/protocol';
import { configureRequest } from '../../api/request';
import { envelope } from '../../test/render';

export const me: MyInfo = {
  userId: '42',
  nickName: 'Ada Lovelace',
  portrait: '',
  userType: 'normal',
  chatNo: 'ada_1815',
  gender: 'female',
  intro: 'Poetical science',
  address: { country: 'GB', province: 'England', city: 'London' },
  shareRef: 'cAdaShare',
};

export interface Call {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (body: unknown) => unknown;

export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const toast = vi.fn();
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost');
    const raw = init.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    calls.push({
      method: init.method ?? 'GET',
      path: pathname,
      url,
      headers: { ...(init.headers as Record<string, string>) },
      body,
    });
    const handler = handlers[pathname];
    if (!handler) return envelope(null, 404);
    const answer = handler(body);
    return answer instanceof Response ? answer : envelope(answer);
  });
  configureRequest({ fetch, toast });
  return { calls, toast, fetch, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}
