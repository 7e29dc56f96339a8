/**
 * Link previews on the real server, on every database, against web sites the tests start on
 * 127.0.0.1 (support/fakeSite.ts; the server runs with LINK_PREVIEW_LOCAL_SITES=on): a page's
 * Open Graph card, else its Twitter card, else its <title>; the picture copied into our uploads;
 * one read per address while the card is fresh; and a text that names the link carries the
 * server's card, never one its sender wrote.
 *
 * Pages are addresses users choose, so they are attacked too: a redirect, addresses inside the
 * server's network (written, or as a name resolves, and with loopback not allowed at all), what
 * is not a page, a page over 1 MiB, a site that never answers (the cap is shortened for the
 * test), and callers who are not members of the chat or not signed in.
 */
import type { LinkCard, ServerMessage } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { LINK_PREVIEW_TTL_MS, PAGE_MAX_BYTES } from '../src/modules/links/service';
import type { Resolver } from '../src/outbound/fetch';
import { as } from './support/api';
import { nextMsg, sessionWith } from './support/chats';
import { startFakeSite, type FakeSite } from './support/fakeSite';
import { groupTestbed } from './support/groups';
import { post } from './support/http';
import { silentListener } from './support/listeners';
import { png } from './support/media';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();

/** Cut short so the test of the cap waits little; local pages answer in milliseconds. */
const TEST_CAP_MS = 1_500;

/** Names an attacker's DNS points inside the server's network. */
const INSIDE: [name: string, address: string][] = [
  ['loop.site.test', '127.0.0.1'],
  ['lan.site.test', '10.0.0.1'],
  ['metadata.site.test', '169.254.169.254'],
];

const resolveHost: Resolver = async (hostname) => {
  const address = INSIDE.find(([name]) => name === hostname)?.[1];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

const html = (head: string, body = '<p>Hello</p>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe.each(dialects)('link previews on %s', (dialect) => {
  const bed = groupTestbed(dialect, {
    env: { LINK_PREVIEW_LOCAL_SITES: 'on' },
    resolveHost,
    linkPreviewTimeoutMs: TEST_CAP_MS,
  });
  let site: FakeSite;
  beforeAll(async () => {
    site = await startFakeSite();
  });
  afterAll(() => site.close());

  /** Two friends and the chat between them. */
  async function pair(): Promise<{ amy: SeededUser; ben: SeededUser; chatId: string }> {
    const [amy, ben] = await bed.g.users('amy', 'ben');
    await bed.g.befriend(amy, ben);
    return { amy, ben, chatId: (await sessionWith(bed.server.url, amy, ben)).chatId };
  }
  const ask = (user: SeededUser, chatId: string, url: string) =>
    bed.g.post<LinkCard>(user, '/chat/linkPreview', { chatId, url });
  const card = async (user: SeededUser, chatId: string, url: string) =>
    bed.g.ok(await ask(user, chatId, url));
  const refusal = async (user: SeededUser, chatId: string, url: string) => {
    const { body } = await ask(user, chatId, url);
    expect(body.code, `${url} was previewed`).not.toBe(200);
    return { err: body.err, msg: body.msg };
  };
  const history = async (user: SeededUser, chatId: string) =>
    bed.g.ok(
      await bed.g.post<{ list: ServerMessage[] }>(user, '/chat/getChatMessages', {
        chatId,
        chatType: 'SINGLE',
      }),
    ).list;
  const sendWithLink = (from: SeededUser, to: SeededUser, text: string, link: Record<string, unknown>) =>
    bed.g.post<{ msgId: string; chatId: string; seq: number }>(from, '/chat/sendMsg', {
      userId: to.userId,
      msgType: 'TEXT',
      content: { text, link },
    });
  /** Fresh paths per test, so tests share the site but never a page. */
  const path = (name: string) => `/${name}-${Math.random().toString(36).slice(2)}`;

  it("reads a page's Open Graph card and keeps its picture as an upload of ours", async () => {
    const { amy, ben, chatId } = await pair();
    const picture = path('heron.png');
    site.page(picture, { type: 'image/png', body: await png(320, 160) });
    const url = site.page(path('article'), {
      body: html(`
        <title>Not this one</title>
        <meta property="og:title" content="Herons &amp; egrets of the delta">
        <meta property="og:description" content="A field guide
          to the wading birds.">
        <meta property="og:site_name" content="Birding Weekly">
        <meta property="og:image" content="..${picture}">`),
    });

    const answer = await card(amy, chatId, url);
    expect(answer).toEqual({
      url,
      title: 'Herons & egrets of the delta',
      description: 'A field guide to the wading birds.',
      siteName: 'Birding Weekly',
      image: { url: expect.stringMatching(/^\/file\/[0-9a-f]{32}(\.thumb)?\.\w+$/), width: 240, height: 120 },
    });
    expect(site.hits(picture)).toBe(1);
    // Anyone signed in loads it from us, re-encoded.
    const stored = await fetch(`${bed.server.url}${answer.image?.url}`, {
      headers: { authorization: ben.token },
    });
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toMatch(/^image\//);
  });

  it('falls back to the Twitter card, then to <title> and the description; the site is the host when unnamed', async () => {
    const { amy, chatId } = await pair();
    const twitter = site.page(path('tweet'), {
      body: html(`
        <title>Page title</title>
        <meta name="twitter:title" content="Card title">
        <meta name="twitter:description" content="Card description">
        <meta name="description" content="Plain description">`),
    });
    expect(await card(amy, chatId, twitter)).toEqual({
      url: twitter,
      title: 'Card title',
      description: 'Card description',
      siteName: '127.0.0.1',
      image: null,
    });
    const plain = site.page(path('plain'), {
      body: html('<title>  Just a\n title </title><meta name="description" content="Plain description">'),
    });
    expect(await card(amy, chatId, plain)).toMatchObject({
      title: 'Just a title',
      description: 'Plain description',
    });
    const bare = site.page(path('bare'), { body: '<p>no head at all</p>' });
    expect(await refusal(amy, chatId, bare)).toEqual({
      err: 'linkPreviewFailed',
      msg: 'This link cannot be previewed: the page has no title',
    });
  });

  it('reads a page in the character set it declares', async () => {
    const { amy, chatId } = await pair();
    // "你好" in GBK, declared by the page's <meta>, not by its Content-Type.
    const body = Buffer.concat([
      Buffer.from('<html><head><meta charset="gbk"><title>'),
      Buffer.from([0xc4, 0xe3, 0xba, 0xc3]),
      Buffer.from('</title></head></html>'),
    ]);
    const url = site.page(path('gbk'), { body });
    expect(await card(amy, chatId, url)).toMatchObject({ title: '你好' });
  });

  it('refuses a page that redirects, and keeps no card of it', async () => {
    const { amy, ben, chatId } = await pair();
    const target = site.page(path('target'), { body: html('<title>Landing</title>') });
    const url = site.page(path('moved'), { status: 302, headers: { location: target } });
    expect(await refusal(amy, chatId, url)).toEqual({
      err: 'linkPreviewFailed',
      msg: 'This link cannot be previewed: the page redirects elsewhere',
    });
    expect(site.hits(new URL(target).pathname)).toBe(0);
    // A send naming it gets no card.
    const sent = bed.g.ok(await sendWithLink(amy, ben, `see ${url}`, { url }));
    expect((await history(ben, chatId)).find((m) => m.msgId === sent.msgId)?.content).toEqual({
      text: `see ${url}`,
    });
  });

  it('refuses pages inside the server network, however their address is written or resolves', async () => {
    const { amy, chatId } = await pair();
    const silent = await silentListener();
    try {
      const urls = [
        `http://10.0.0.1:${silent.port}/`,
        `http://169.254.169.254/latest/meta-data/`,
        `http://[::ffff:10.0.0.1]:${silent.port}/`,
        // Loopback is allowed only as the address written: a name that resolves there is not.
        ...INSIDE.map(([name]) => `http://${name}:${silent.port}/`),
      ];
      for (const url of urls)
        expect(await refusal(amy, chatId, url), url).toEqual({
          err: 'linkPreviewFailed',
          msg: 'This link cannot be previewed: it is not on a public address',
        });
      expect(silent.connections()).toBe(0);
    } finally {
      await silent.close();
    }
  });

  it('keeps the card but not a picture inside the server network, nor one that is no picture', async () => {
    const { amy, chatId } = await pair();
    const svg = site.page(path('logo.svg'), { type: 'image/svg+xml', body: '<svg onload="alert(1)"/>' });
    const disguised = site.page(path('page.png'), { type: 'image/png', body: html('<title>x</title>') });
    for (const picture of ['http://10.0.0.1/a.png', svg, disguised]) {
      const url = site.page(path('picture'), {
        body: html(
          `<meta property="og:title" content="Look"><meta property="og:image" content="${picture}">`,
        ),
      });
      expect(await card(amy, chatId, url), picture).toMatchObject({ title: 'Look', image: null });
    }
  });

  it('refuses what is not a web page, and a page over 1 MiB however it is sent', async () => {
    const { amy, chatId } = await pair();
    const notPages = [
      site.page(path('data.json'), { type: 'application/json', body: '{"title":"no"}' }),
      site.page(path('pic.png'), { type: 'image/png', body: await png() }),
      site.page(path('untyped'), { type: '', body: html('<title>no</title>') }),
    ];
    for (const url of notPages)
      expect(await refusal(amy, chatId, url), url).toEqual({
        err: 'linkPreviewFailed',
        msg: 'This link cannot be previewed: it is not a web page',
      });
    const big = html('<title>Big</title>', 'x'.repeat(PAGE_MAX_BYTES));
    const large = [
      site.page(path('large'), { body: big }),
      // Without a Content-Length: cut while reading.
      site.page(path('streamed'), { body: [Buffer.from(big.slice(0, 1000)), Buffer.from(big.slice(1000))] }),
    ];
    for (const url of large)
      expect(await refusal(amy, chatId, url), url).toEqual({
        err: 'linkPreviewFailed',
        msg: 'This link cannot be previewed: the page is too large',
      });
  });

  it('gives up on a site that never answers within the cap', async () => {
    const { amy, chatId } = await pair();
    const silent = await silentListener();
    try {
      const started = Date.now();
      expect(await refusal(amy, chatId, `http://127.0.0.1:${silent.port}/slow`)).toEqual({
        err: 'linkPreviewFailed',
        msg: 'This link cannot be previewed: the page took too long to answer',
      });
      expect(silent.connections()).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(TEST_CAP_MS - 50);
    } finally {
      await silent.close();
    }
  });

  it('reads a page once while its card is fresh, for everyone asking at once, and again once it expired', async () => {
    const { amy, ben, chatId } = await pair();
    const page = path('cached');
    const url = site.page(page, { body: html('<title>First</title>') });
    const answers = await Promise.all([
      card(amy, chatId, url),
      card(ben, chatId, url),
      card(amy, chatId, url),
    ]);
    expect(answers.map((a) => a.title)).toEqual(['First', 'First', 'First']);
    expect(site.hits(page)).toBe(1);
    // The same address as written otherwise: one card.
    site.page(page, { body: html('<title>Second</title>') });
    expect(await card(ben, chatId, `${url}#comments`)).toMatchObject({
      title: 'First',
      url: `${url}#comments`,
    });
    expect(site.hits(page)).toBe(1);

    bed.server.clock.advance(LINK_PREVIEW_TTL_MS + 1);
    expect(await card(amy, chatId, url)).toMatchObject({ title: 'Second' });
    expect(site.hits(page)).toBe(2);
  });

  it("a text naming its link carries the server's card; a card its sender wrote is not taken", async () => {
    const { amy, ben, chatId } = await pair();
    const benSocket = await bed.open(ben);
    const url = site.page(path('news'), { body: html('<meta property="og:title" content="Real headline">') });
    const real = await card(amy, chatId, url);

    const text = `Read this: ${url} !`;
    const forged = { url, title: 'Forged headline', description: 'lies', image: { url: '/file/x.png' } };
    const sent = bed.g.ok(await sendWithLink(amy, ben, text, forged));
    const pushed = await nextMsg(benSocket, (push) => push.msgContent.msgId === sent.msgId);
    expect(pushed.msgContent.content).toEqual({ text, link: real });
    for (const viewer of [amy, ben])
      expect((await history(viewer, chatId)).find((m) => m.msgId === sent.msgId)?.content).toEqual({
        text,
        link: real,
      });

    // No card held for the address, or the address not in the text: the text goes alone.
    const unread = site.page(path('never-previewed'), { body: html('<title>Unread</title>') });
    const alone = [
      bed.g.ok(await sendWithLink(amy, ben, `and ${unread}`, { url: unread, title: 'Made up' })),
      bed.g.ok(await sendWithLink(amy, ben, 'no address here', { url })),
    ];
    const list = await history(ben, chatId);
    for (const message of alone)
      expect(list.find((m) => m.msgId === message.msgId)?.content).not.toHaveProperty('link');
    expect(site.hits(new URL(unread).pathname)).toBe(0);
  });

  it('a forwarded copy keeps the card; a recall takes it away with the text', async () => {
    const { amy, ben, chatId } = await pair();
    const [cat] = await bed.g.users('cat');
    await bed.g.befriend(amy, cat);
    const toCat = (await sessionWith(bed.server.url, amy, cat)).chatId;
    const url = site.page(path('recipe'), { body: html('<title>Flatbread</title>') });
    const real = await card(amy, chatId, url);
    const sent = bed.g.ok(await sendWithLink(amy, ben, url, { url }));

    bed.g.ok(
      await bed.g.post(amy, '/chat/forwardMsgs', {
        mode: 'EACH',
        clientMsgId: `fw-${Math.random().toString(36).slice(2)}`,
        items: [{ chatId, msgId: sent.msgId }],
        targets: [{ chatId: toCat }],
      }),
    );
    expect((await history(cat, toCat)).at(-1)?.content).toEqual({ text: url, link: real });

    bed.g.ok(await bed.g.post(amy, '/chat/recallMsg', { chatId, msgId: sent.msgId }));
    const recalled = (await history(ben, chatId)).find((m) => m.msgId === sent.msgId);
    expect(recalled?.msgType).toBe('RECALLED');
    expect(JSON.stringify(recalled)).not.toContain('Flatbread');
  });

  it('answers only members of the chat who are signed in, and only for web addresses', async () => {
    const { amy, chatId } = await pair();
    const [zoe] = await bed.g.users('zoe');
    const url = site.page(path('members'), { body: html('<title>Members only</title>') });
    expect(await refusal(zoe, chatId, url)).toEqual({ err: 'chatNotFound', msg: 'Chat not found' });
    const anonymous = await post(bed.server.url, '/chat/linkPreview', { body: { chatId, url } });
    expect(anonymous.status).toBe(401);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com/',
      'https://bank.example@evil.example/',
      'not a url',
    ])
      expect((await refusal(amy, chatId, bad)).err, bad).toBe('validation');
    expect(site.hits(new URL(url).pathname)).toBe(0);
  });

  it('works in groups too, for their current members only', async () => {
    const [ann, bo, cy] = await bed.g.users('ann', 'bo', 'cy');
    await bed.g.befriend(ann, bo);
    await bed.g.befriend(ann, cy);
    const { group } = await bed.g.create(ann, [bo, cy]);
    const url = site.page(path('group'), { body: html('<title>Picnic spots</title>') });
    const real = await card(bo, group.chatId, url);
    const sent = bed.g.ok(
      await bed.g.post<{ msgId: string }>(ann, '/group/sendMsg', {
        groupId: group.groupId,
        msgType: 'TEXT',
        content: { text: url, link: { url, title: 'Forged' } },
      }),
    );
    const synced = await bed.g.synced(bo, group.chatId);
    expect(synced.find((m) => m.msgId === sent.msgId)?.content).toEqual({ text: url, link: real });

    bed.g.ok(await bed.g.post(bo, '/group/quit', { groupId: group.groupId }));
    expect(await refusal(bo, group.chatId, url)).toEqual({ err: 'chatNotFound', msg: 'Chat not found' });
  });

  it('keeps the send path honest about what a link may be', async () => {
    const { amy, ben } = await pair();
    const { body } = await sendWithLink(amy, ben, 'javascript:alert(1)', { url: 'javascript:alert(1)' });
    expect(body).toMatchObject({ code: 400, msg: 'content.link.url: must be an http(s) address' });
  });
});

describe('link preview budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => server.close());

  it('refuses a user past their budget of previews, leaving others theirs', async () => {
    const [pat, quin] = [await seed(server.url).user('pat'), await seed(server.url).user('quin')];
    const { max } = RATE_LIMITS.linkPreview;
    // A chat of nobody's: each is refused after spending from the budget, and reads no page.
    const ask = (user: SeededUser) =>
      as(server.url, user).post('/chat/linkPreview', { chatId: '999999', url: 'https://example.com/' });
    const answers = await Promise.all(Array.from({ length: max + 2 }, () => ask(pat)));
    expect(answers.filter((a) => a.body.err === 'chatNotFound')).toHaveLength(max);
    expect(answers.filter((a) => a.body.err === 'tooManyAttempts')).toHaveLength(2);
    expect((await ask(quin)).body.err).toBe('chatNotFound');
  });
});
