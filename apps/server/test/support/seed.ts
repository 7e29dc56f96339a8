/**
 * A seeding client that talks to a running server over HTTP only (plain `fetch`), so the
 * integration tests and the e2e tests can share it. It needs the server to run with
 * REGISTRATION=open, and with CAPTCHA=off unless `captcha` answers codes (to sign up and in).
 *
 *   const alice = await seed(baseUrl).user('alice');
 *   // → { userId, token, chatNo, password, nickName }
 */

export interface SeededUser {
  userId: string;
  token: string;
  chatNo: string;
  password: string;
  nickName: string;
}

export interface UserOptions {
  /** Defaults to the name plus a random suffix, so repeated seeds on one database do not collide. */
  chatNo?: string;
  password?: string;
  /** Defaults to the name, capitalised. */
  nickName?: string;
}

export const SEED_PASSWORD = 'paichat-test-1';

export interface SeedOptions {
  /** Answers a fresh verification code, for a server that runs with CAPTCHA=on. */
  captcha?: () => Promise<{ captchaId: string; captchaCode: string }>;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  err?: string;
}

async function request<T>(baseUrl: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      device: 'H5',
      version: '1.2.2',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { Authorization: token } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path} refused: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}
const post = <T>(baseUrl: string, path: string, body: unknown, token?: string) =>
  request<T>(baseUrl, path, body, token);

const suffix = () => Math.random().toString(36).slice(2, 7);

export function seed(baseUrl: string, options: SeedOptions = {}) {
  const code = async () => (options.captcha ? await options.captcha() : {});
  return {
    /** Registers a user and answers its credentials and a signed-in token. */
    async user(name: string, options: UserOptions = {}): Promise<SeededUser> {
      const base = name.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 14) || 'user';
      const chatNo = options.chatNo ?? `${base}_${suffix()}`;
      const password = options.password ?? SEED_PASSWORD;
      const nickName = options.nickName ?? name.charAt(0).toUpperCase() + name.slice(1);
      const { token, userId } = await post<{ token: string; userId: string }>(baseUrl, '/auth/register', {
        chatNo,
        password,
        nickName,
        ...(await code()),
      });
      return { userId, token, chatNo, password, nickName };
    },

    /** The socket URL of a session with a fresh single-use ticket, as the app makes it before every connect. */
    async socketUrl(token: string): Promise<string> {
      const { ticket } = await post<{ ticket: string }>(baseUrl, '/auth/socketTicket', {}, token);
      const url = new URL('/ws', baseUrl);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      url.searchParams.set('Authorization', ticket);
      return url.toString();
    },

    /** `a` finds `b` by PipID and sends a friend request, and `b` accepts it: they are friends. */
    async befriend(a: SeededUser, b: SeededUser): Promise<void> {
      const found = await request<{ ref: string }>(
        baseUrl,
        `/friend/search?${new URLSearchParams({ chatNo: b.chatNo }).toString()}`,
        undefined,
        a.token,
      );
      await post(baseUrl, '/friend/apply', { userId: b.userId, ref: found.ref }, a.token);
      const { list } = await request<{ list: { applyId: string; userId: string; direction: string }[] }>(
        baseUrl,
        '/friend/applyList',
        undefined,
        b.token,
      );
      const apply = list.find((item) => item.direction === 'received' && item.userId === a.userId);
      if (!apply) throw new Error(`no request from ${a.chatNo} reached ${b.chatNo}`);
      await post(baseUrl, '/friend/agree', { applyId: apply.applyId }, b.token);
    },

    /** `a` gives their friend `b` a remark (private to `a`). */
    async remark(a: SeededUser, b: SeededUser, remark: string): Promise<void> {
      await post(baseUrl, '/friend/setRemark', { userId: b.userId, remark }, a.token);
    },

    /** Signs in again (another device); answers the new token. */
    async login(account: string, password: string = SEED_PASSWORD): Promise<string> {
      const { token } = await post<{ token: string }>(baseUrl, '/auth/login', {
        account,
        password,
        ...(await code()),
      });
      return token;
    },
  };
}
