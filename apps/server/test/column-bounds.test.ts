import { INT32_MAX, type ChatSession, type MomentPage } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { befriend, sendText } from './support/chats';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

/**
 * Cursors and numbers a request carries into SQL, just past what their columns hold: PostgreSQL
 * used to fail on them (HTTP 500, `after: "1_2147483648"` on the moments feed) where SQLite
 * answered. Each must be refused by the contract with a 400 naming the field, or answered, the
 * same on both databases.
 */

const dialects = await availableDialects();

describe.each(dialects)('numbers past their columns on %s', (dialect) => {
  let server: TestServer;
  let ann: SeededUser;
  let bo: SeededUser;
  let chatId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    [ann, bo] = [await seed(server.url).user('ann'), await seed(server.url).user('bo')];
    await befriend(server.url, ann, bo);
    await sendText(server.url, ann, bo, 'hello');
    await as(server.url, bo).post('/moments/post', { text: 'a post' });
    const sessions = await as(server.url, ann).post<{ list: ChatSession[] }>('/chat/getChatSessions', {});
    chatId = sessions.body.data.list[0]?.chatId ?? '';
  });
  afterAll(() => server.close());

  it('refuses each one with a 400 naming the field, never a 500', async () => {
    const past: [string, Record<string, unknown>, string][] = [
      ['/moments/feed', { after: '1_2147483648' }, 'after'],
      ['/moments/feed', { after: '9007199254740992_1' }, 'after'],
      ['/moments/album', { userId: bo.userId, after: '1_2147483648' }, 'after'],
      ['/chat/syncMessages', { chatId, afterSeq: INT32_MAX + 1 }, 'afterSeq'],
      ['/chat/markRead', { chatId, readSeq: INT32_MAX + 1 }, 'readSeq'],
      ['/chat/getChatMessages', { chatId, pageNum: INT32_MAX + 1 }, 'pageNum'],
      ['/chat/getChatSessions', { pageNum: INT32_MAX + 1 }, 'pageNum'],
    ];
    const answers = [];
    for (const [path, body, field] of past) {
      const { status, body: answer } = await as(server.url, ann).post(path, body);
      answers.push(`${path} ${field}: ${status} ${answer.err} ${answer.msg.startsWith(`${field}: `)}`);
    }
    expect(answers).toEqual(past.map(([path, , field]) => `${path} ${field}: 400 validation true`));
  });

  it('answers the largest values the columns hold as any other', async () => {
    const feed = await as(server.url, ann).post<MomentPage>('/moments/feed', {
      after: `${Number.MAX_SAFE_INTEGER}_${INT32_MAX}`,
    });
    expect(feed.body.data.list.map((m) => m.text)).toEqual(['a post']);
    const sync = await as(server.url, ann).post<{ list: unknown[] }>('/chat/syncMessages', {
      chatId,
      afterSeq: INT32_MAX,
    });
    expect(sync.body).toMatchObject({ code: 200, data: { list: [], hasMore: false } });
    // A page so far back that its seq bound would leave the column's range is just empty.
    const page = await as(server.url, ann).post<{ list: unknown[] }>('/chat/getChatMessages', {
      chatId,
      pageNum: INT32_MAX,
      pageSize: 100,
    });
    expect(page.body).toMatchObject({ code: 200, data: { list: [] } });
  });
});
