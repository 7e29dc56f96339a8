import * as protocol from '@paichat/protocol';
import { FORBIDDEN_CHARACTERS_MESSAGE, type Endpoint } from '@paichat/protocol';
import { endpointsIn, stringSchemas } from '@paichat/protocol/schema-walk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { befriend } from './support/chats';
import { call } from './support/http';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

/**
 * A NUL (or another control character) in any string of any request: PostgreSQL refuses NUL
 * in text, which used to surface as HTTP 500 on 13 fields, login and sign-up among them. Every
 * such request must be refused by its schema, 400 naming the field, on both databases alike;
 * so must a C1 control (which PostgreSQL stores, and a terminal obeys), and so must either in a
 * header an endpoint keeps (feedback kept the `device` and `version` headers' C1 controls).
 */

const dialects = await availableDialects();

const FILE = '/file/0123456789abcdef0123456789abcdef.png';
const ID = '1';

/** The content of every sendable message type, with every string field it can carry. */
const MESSAGES = [
  {
    msgType: 'TEXT',
    content: {
      text: 'hi https://example.com/a',
      quote: { msgId: ID },
      mentions: [ID],
      link: { url: 'https://example.com/a' },
    },
  },
  { msgType: 'IMAGE', content: { url: FILE, thumbUrl: FILE } },
  { msgType: 'VOICE', content: { url: FILE, duration: 3 } },
  { msgType: 'VIDEO', content: { url: FILE, thumbUrl: FILE } },
  { msgType: 'LOCATION', content: { name: 'Cafe', address: 'Main St', latitude: 1, longitude: 2 } },
  { msgType: 'CARD', content: { userId: ID, ref: 'r1', nickName: 'Nia', portrait: FILE, chatNo: 'nia' } },
  { msgType: 'COLLECTION', content: { favoriteId: ID } },
  { msgType: 'FILE', content: { url: FILE, name: 'doc.pdf' } },
];

/**
 * A valid request for each endpoint that carries strings (several where a union has variants),
 * with a value at every string the schema declares. A test below fails when an endpoint, or a
 * string field, has no sample here: a new one must be covered too.
 */
const SAMPLES: Record<string, Record<string, unknown>[]> = {
  '/auth/register': [
    { chatNo: 'nul_test', password: 'password1', nickName: 'Nul', captchaId: 'c1', captchaCode: '1234' },
  ],
  '/auth/captcha': [{ account: 'nul_test' }],
  '/auth/checkChatNo': [{ chatNo: 'nul_test' }],
  '/auth/login': [{ account: 'nul_test', password: 'password1', captchaId: 'c1', captchaCode: '1234' }],
  '/auth/pi': [{ accessToken: 'pi-token' }],
  '/auth/oauth/start': [{ provider: 'google' }],
  '/my/identities/linkPi': [{ accessToken: 'pi-token' }],
  '/my/identities/linkStart': [{ provider: 'twitter' }],
  '/my/identities/unlink': [{ provider: 'pi' }],
  '/my/updateInfo': [
    {
      nickName: 'Nia',
      intro: 'hello',
      gender: 'female',
      portrait: FILE,
      address: { country: 'China', province: 'Zhejiang', city: 'Hangzhou' },
    },
  ],
  '/my/setChatNo': [{ chatNo: 'nul_test' }],
  '/my/setPassword': [{ oldPassword: 'password1', newPassword: 'password2' }],
  '/friend/search': [{ chatNo: 'nul_test' }],
  '/friend/info/:id': [{ id: ID, ref: 'r1' }],
  '/friend/apply': [{ userId: ID, ref: 'r1', reason: 'hi', source: 'search', remark: 'Nia' }],
  '/friend/agree': [{ applyId: ID }],
  '/friend/refuse': [{ applyId: ID }],
  '/friend/ignore': [{ applyId: ID }],
  '/friend/setRemark': [{ userId: ID, remark: 'Nia', tags: ['work'] }],
  '/friend/block': [{ userId: ID, ref: 'r1' }],
  '/friend/unblock': [{ userId: ID }],
  '/friend/delete': [{ userId: ID }],
  '/chat/getChatSession': [{ chatId: ID, userId: ID }],
  '/chat/getChatMessages': [{ chatId: ID, userId: ID, lastMsgId: ID }],
  '/chat/syncMessages': [{ chatId: ID, userId: ID }],
  '/chat/sendMsg': MESSAGES.map((m) => ({ userId: ID, clientMsgId: 'local_1', ...m })),
  '/chat/markRead': [{ chatId: ID }],
  '/chat/setTop': [{ chatId: ID, isTop: 'Y' }],
  '/chat/setDisturb': [{ chatId: ID, isDisturb: 'Y' }],
  '/chat/removeSession': [{ chatId: ID }],
  '/chat/clearMessages': [{ chatId: ID }],
  '/chat/recallMsg': [{ chatId: ID, msgId: ID }],
  '/chat/forwardMsgs': [
    {
      items: [{ chatId: ID, msgId: ID }],
      targets: [{ chatId: ID }],
      mode: 'MERGED',
      title: 'Chat history',
      note: 'see above',
      clientMsgId: 'local_1',
    },
  ],
  '/chat/deleteMsgs': [{ chatId: ID, msgIds: [ID] }],
  '/chat/deletedSeqs': [{ chatId: ID }],
  '/chat/peerRead': [{ chatId: ID }],
  '/chat/readCounts': [{ chatId: ID, seqs: [1] }],
  '/chat/readers': [{ chatId: ID, msgId: ID }],
  '/chat/reactMsg': [{ chatId: ID, msgId: ID, emoji: '👍', clientMsgId: 'local_1' }],
  '/chat/getReactions': [{ chatId: ID, msgId: ID }],
  '/chat/linkPreview': [{ chatId: ID, url: 'https://example.com/a' }],
  '/group/create': [{ userIds: [ID, '2'], name: 'Team' }],
  '/group/getInfo/:id': [{ id: ID }],
  '/group/sendMsg': MESSAGES.map((m) => ({ groupId: ID, clientMsgId: 'local_1', ...m })),
  '/group/addMembers': [{ groupId: ID, userIds: [ID] }],
  '/group/removeMembers': [{ groupId: ID, userIds: [ID] }],
  '/group/rename': [{ groupId: ID, name: 'Team' }],
  '/group/setNotice': [{ groupId: ID, notice: 'Welcome' }],
  '/group/setNick': [{ groupId: ID, groupNick: 'Boss' }],
  '/group/setSaved': [{ groupId: ID, saved: 'Y' }],
  '/group/transfer': [{ groupId: ID, userId: ID }],
  '/group/quit': [{ groupId: ID }],
  '/group/dismiss': [{ groupId: ID }],
  '/group/qrCode': [{ groupId: ID }],
  '/group/preview': [{ code: 'a'.repeat(24) }],
  '/group/join': [{ code: 'a'.repeat(24) }],
  '/moments/post': [
    { text: 'hi', images: [FILE], location: 'Cafe', visibility: 'INCLUDE', userIds: [ID] },
    { text: 'hi', video: FILE },
  ],
  '/moments/delete': [{ momentId: ID }],
  '/moments/feed': [{ after: '1_1' }],
  '/moments/album': [{ userId: ID, after: '1_1' }],
  '/moments/detail': [{ momentId: ID }],
  '/moments/like': [{ momentId: ID }],
  '/moments/unlike': [{ momentId: ID }],
  '/moments/comment': [{ momentId: ID, text: 'nice', replyTo: ID }],
  '/moments/deleteComment': [{ commentId: ID }],
  '/moments/cover': [{ userId: ID }],
  '/moments/setCover': [{ cover: FILE }],
  '/feedback/submit': [{ text: 'The send button hides', images: [FILE] }],
  '/push/subscribe': [
    {
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      preview: true,
    },
  ],
  '/push/unsubscribe': [{ endpoint: 'https://push.example.com/send/abc' }],
  '/favorites/addMessage': [{ chatId: ID, msgId: ID }],
  '/favorites/addNote': [{ text: 'Pack the tent' }],
  '/favorites/list': [{ keyword: 'tent', before: ID }],
  '/favorites/delete': [{ favoriteId: ID }],
  '/search/messages': [{ keyword: 'dinner', before: ID }],
  '/stat/config': [{ appKey: 'paichat', version: '1.2.2' }],
  '/stat/report': [{ appKey: 'paichat', events: [{ name: 'page_view', value: '/wx/tabbar1/index' }] }],
  '/stat/beacon': [{ appKey: 'paichat', d: JSON.stringify([{ name: 'page_view', value: '/' }]) }],
};

type Path = (string | number)[];

/** Where a sample holds a string. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    stringPaths(child, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** A copy of `value` with `replacement` at `path`. */
function withValue(value: unknown, path: Path, replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withValue(copy[head], rest, replacement);
  return copy;
}

/** Whether a sample's string at `path` is one the schema declares at `declared` ([] an item, {} a key). */
const covers = (path: Path, declared: readonly string[]) =>
  path.length === declared.length &&
  declared.every((segment, i) =>
    segment === '[]' ? typeof path[i] === 'number' : segment === '{}' || segment === path[i],
  );

const endpoints = endpointsIn(protocol);

/** Sends a request to an endpoint: path parameters into the path, the rest as query (GET) or body. */
function send(
  server: TestServer,
  endpoint: Endpoint,
  request: Record<string, unknown>,
  token: string,
  headers: Record<string, string> = {},
) {
  const fields = { ...request };
  const url = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = encodeURIComponent(String(fields[name]));
    delete fields[name];
    return value;
  });
  const options = { headers, ...(endpoint.auth ? { token } : {}) };
  return endpoint.method === 'GET'
    ? call(server.url, 'GET', url, { ...options, query: fields as Record<string, string> })
    : call(server.url, 'POST', url, { ...options, body: fields });
}

/** A value for each header an endpoint keeps, by name. */
const HEADER_SAMPLES: Record<string, Record<string, string>> = {
  '/feedback/submit': { version: '1.2.2', device: 'H5' },
};

describe('samples of every request', () => {
  it('cover every header an endpoint keeps', () => {
    const uncovered = endpoints.flatMap((endpoint) =>
      (endpoint.headers ? stringSchemas(endpoint.headers) : [])
        .map(({ path }) => path.join('.'))
        .filter((name) => HEADER_SAMPLES[endpoint.path]?.[name] === undefined)
        .map((name) => `${endpoint.path}: ${name}`),
    );
    expect(uncovered).toEqual([]);
  });

  it('cover every string field of every endpoint', () => {
    const uncovered = endpoints.flatMap((endpoint) =>
      stringSchemas(endpoint.request)
        .map(({ path }) => path)
        .filter(
          (declared) =>
            !(SAMPLES[endpoint.path] ?? []).some((sample) =>
              stringPaths(sample).some((path) => covers(path, declared)),
            ),
        )
        .map((declared) => `${endpoint.path}: ${declared.join('.')}`),
    );
    expect(uncovered).toEqual([]);
  });
});

describe.each(dialects)('control characters on %s', (dialect) => {
  let server: TestServer;
  let nia: SeededUser;
  let omar: SeededUser;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    [nia, omar] = [await seed(server.url).user('nia'), await seed(server.url).user('omar')];
    await befriend(server.url, nia, omar);
  });
  afterAll(() => server.close());

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a C1 control', 'a\u0085b'],
  ])('refuse %s in every string of every request: 400 naming the field, never 500', async (_, bad) => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const endpoint of endpoints) {
      const declared = stringSchemas(endpoint.request).map((found) => found.path);
      for (const sample of SAMPLES[endpoint.path] ?? []) {
        for (const path of stringPaths(sample)) {
          const request = withValue(sample, path, bad) as Record<string, unknown>;
          const { status, body } = await send(server, endpoint, request, nia.token);
          const field = path.join('.');
          // A text field says why; an enum or a message type refuses anything off its list.
          const isText = declared.some((d) => covers(path, d));
          const named = isText
            ? body.msg === `${field}: ${FORBIDDEN_CHARACTERS_MESSAGE}`
            : body.msg.startsWith(`${field}: `);
          answers.push(
            `${endpoint.path} ${field}: ${status} ${body.err} ${named ? 'names the field' : body.msg}`,
          );
          expected.push(`${endpoint.path} ${field}: 400 validation names the field`);
        }
      }
    }
    expect(answers.length).toBeGreaterThan(100);
    expect(answers).toEqual(expected);
  });

  it('refuse a C1 control in every header an endpoint keeps, naming the header', async () => {
    // A header cannot carry NUL or C0 controls over HTTP; the C1 ones are bytes it can.
    const answers: string[] = [];
    const expected: string[] = [];
    for (const endpoint of endpoints) {
      const samples = HEADER_SAMPLES[endpoint.path];
      if (!samples) continue;
      for (const name of Object.keys(samples)) {
        const headers = { ...samples, [name]: 'a\u009bb' };
        const sample = SAMPLES[endpoint.path]?.[0] ?? {};
        const { status, body } = await send(server, endpoint, sample, nia.token, headers);
        answers.push(`${endpoint.path} ${name}: ${status} ${body.msg}`);
        expected.push(`${endpoint.path} ${name}: 400 ${name}: ${FORBIDDEN_CHARACTERS_MESSAGE}`);
      }
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers).toEqual(expected);
  });

  it('refuse other controls and lone surrogates where people type, and keep line breaks where text has lines', async () => {
    for (const bad of ['\u0007', '\u001b[2J', '\u007f', '\u0085', '\ud800']) {
      const signUp = await call(server.url, 'POST', '/auth/register', {
        body: { chatNo: 'nul_test', password: 'password1', nickName: `Ni${bad}a` },
      });
      expect(signUp.status, JSON.stringify(bad)).toBe(400);
      expect(signUp.body.msg).toBe(`nickName: ${FORBIDDEN_CHARACTERS_MESSAGE}`);
    }
    const lines = await as(server.url, nia).post('/chat/sendMsg', {
      userId: omar.userId,
      msgType: 'TEXT',
      content: { text: 'one\ntwo\r\n\tthree' },
    });
    expect(lines.body.code, lines.body.msg).toBe(200);
    const oneLine = await as(server.url, nia).post('/friend/setRemark', {
      userId: omar.userId,
      remark: 'Om\nar',
    });
    expect(oneLine.status).toBe(400);
    expect(oneLine.body.msg).toBe(`remark: ${FORBIDDEN_CHARACTERS_MESSAGE}`);
  });
});
