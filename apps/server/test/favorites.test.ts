/**
 * Favorites on the real server, on every database: a saved message keeps its own copy (it
 * outlives a cleared chat), the list pages and searches, a favorite shared into a chat arrives
 * as a COLLECTION both sides read, and nobody but the owner can list, send or delete one.
 */
import {
  GroupInfo,
  type Favorite,
  type FavoritePage,
  type SendMsgResult,
  type ServerMessage,
} from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { befriend, sendText, sessionWith, upload } from './support/chats';
import { png } from './support/media';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();

describe.each(dialects)('favorites on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const save = (user: SeededUser, chatId: string, msgId: string) =>
    as(server.url, user).post<Favorite>('/favorites/addMessage', { chatId, msgId });
  const note = async (user: SeededUser, text: string) => {
    const { body } = await as(server.url, user).post<Favorite>('/favorites/addNote', { text });
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
  const list = async (user: SeededUser, request: Record<string, unknown> = {}) => {
    const { body } = await as(server.url, user).post<FavoritePage>('/favorites/list', request);
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
  /** The newest message of the chat as `reader` reads it. */
  const lastMessage = async (reader: SeededUser, peer: SeededUser): Promise<ServerMessage> => {
    const { body } = await as(server.url, reader).post<{ list: ServerMessage[] }>('/chat/getChatMessages', {
      userId: peer.userId,
      chatType: 'SINGLE',
    });
    return body.data.list.at(-1) as ServerMessage;
  };

  it('keeps a copy of a message with its sender and time, through a cleared chat, and shares it as a COLLECTION', async () => {
    const [amy, bob, cat] = [
      await seed(server.url).user('amy', { nickName: 'Amy Lin' }),
      await seed(server.url).user('bob'),
      await seed(server.url).user('cat'),
    ];
    await befriend(server.url, amy, bob);
    await befriend(server.url, bob, cat);
    const sent = await sendText(server.url, amy, bob, 'The trail starts at the north gate');

    const saved = await save(bob, sent.chatId, sent.msgId);
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({
      kind: 'TEXT',
      content: { text: 'The trail starts at the north gate' },
      sourceName: 'Amy Lin',
    });
    expect(saved.body.data.sourceTime).toBeGreaterThan(0);
    // Saving it again answers the same favorite.
    expect((await save(bob, sent.chatId, sent.msgId)).body.data.favoriteId).toBe(saved.body.data.favoriteId);

    await as(server.url, bob).post('/chat/clearMessages', { chatId: sent.chatId });
    expect((await list(bob)).list.map((f) => f.favoriteId)).toEqual([saved.body.data.favoriteId]);
    // A cleared message is gone for bob: it cannot be saved anew.
    expect((await save(bob, sent.chatId, sent.msgId)).body.err).toBe('messageNotFound');

    const shared = await as(server.url, bob).post<SendMsgResult>('/chat/sendMsg', {
      userId: cat.userId,
      msgType: 'COLLECTION',
      content: { favoriteId: saved.body.data.favoriteId },
    });
    expect(shared.body.code, shared.body.msg).toBe(200);
    const copy = {
      kind: 'TEXT',
      content: { text: 'The trail starts at the north gate' },
      sourceName: 'Amy Lin',
    };
    for (const [reader, peer] of [
      [cat, bob],
      [bob, cat],
    ] as const) {
      const message = await lastMessage(reader, peer);
      expect(message.msgType).toBe('COLLECTION');
      expect(message.content).toMatchObject(copy);
    }
    expect((await sessionWith(server.url, cat, bob)).lastContent).toBe(
      '[Favorite] The trail starts at the north gate',
    );
  });

  it('saves pictures, places and cards, but not notices', async () => {
    const [dan, eve] = [
      await seed(server.url).user('dan'),
      await seed(server.url).user('eve', { nickName: 'Eve' }),
    ];
    await befriend(server.url, dan, eve);
    const picture = await upload(server.url, eve, await png(), 'view.png');
    const send = async (msgType: string, content: unknown) => {
      const { body } = await as(server.url, eve).post<SendMsgResult>('/chat/sendMsg', {
        userId: dan.userId,
        msgType,
        content,
      });
      expect(body.code, body.msg).toBe(200);
      return (await save(dan, body.data.chatId, body.data.msgId)).body;
    };
    expect((await send('IMAGE', { url: picture.url })).data).toMatchObject({
      kind: 'IMAGE',
      content: { url: picture.url },
    });
    expect(
      (
        await send('LOCATION', {
          name: 'Harbour Café',
          address: '1 Pier Rd',
          latitude: 22.3,
          longitude: 114.2,
        })
      ).data,
    ).toMatchObject({ kind: 'LOCATION', content: { name: 'Harbour Café' } });
    expect((await send('CARD', { userId: eve.userId })).data).toMatchObject({
      kind: 'CARD',
      content: { userId: eve.userId, nickName: 'Eve' },
    });

    // The chat opened with "You are now friends": a notice is not a favorite.
    const { body } = await as(server.url, dan).post<{ list: ServerMessage[] }>('/chat/syncMessages', {
      userId: eve.userId,
      afterSeq: 0,
    });
    const alert = body.data.list.find((m) => m.msgType === 'ALERT') as ServerMessage;
    expect((await save(dan, alert.chatId, alert.msgId)).body.err).toBe('cannotFavorite');
    // A place is found by its name, a card by the person's name; a picture by its sender.
    expect((await list(dan, { keyword: 'harbour' })).list.map((f) => f.kind)).toEqual(['LOCATION']);
    expect((await list(dan, { keyword: 'EVE' })).list.map((f) => f.kind)).toEqual([
      'CARD',
      'LOCATION',
      'IMAGE',
    ]);
  });

  it('saves a group message under the sender’s group nickname', async () => {
    const [fay, gus, hue] = [
      await seed(server.url).user('fay', { nickName: 'Fay' }),
      await seed(server.url).user('gus'),
      await seed(server.url).user('hue'),
    ];
    await befriend(server.url, fay, gus);
    await befriend(server.url, fay, hue);
    const created = await as(server.url, fay).post('/group/create', {
      userIds: [gus.userId, hue.userId],
      name: 'Hikers',
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const { group } = GroupInfo.parse(created.body.data);
    await as(server.url, fay).post('/group/setNick', { groupId: group.groupId, groupNick: 'Trail lead' });
    const { body } = await as(server.url, fay).post<SendMsgResult>('/group/sendMsg', {
      groupId: group.groupId,
      msgType: 'TEXT',
      content: { text: 'Meet at 7' },
    });
    const saved = await save(gus, body.data.chatId, body.data.msgId);
    expect(saved.body.data).toMatchObject({ kind: 'TEXT', sourceName: 'Trail lead' });
  });

  it('lists newest first in stable pages, and searches text literally in any case', async () => {
    const hal = await seed(server.url).user('hal');
    const written: Favorite[] = [];
    for (let i = 1; i <= 25; i += 1) written.push(await note(hal, `Note ${i}${i === 7 ? ' 100%_SURE' : ''}`));
    const first = await list(hal);
    expect(first.list).toHaveLength(20);
    expect(first.list[0]?.favoriteId).toBe(written[24]?.favoriteId);
    // A note written between the pages does not shift the next one.
    await note(hal, 'Written meanwhile');
    const second = await list(hal, { before: first.next });
    expect(second.next).toBeNull();
    expect([...first.list, ...second.list].map((f) => f.favoriteId)).toEqual(
      written.map((f) => f.favoriteId).reverse(),
    );

    expect((await list(hal, { keyword: '100%_sure' })).list.map((f) => f.content)).toEqual([
      { text: 'Note 7 100%_SURE' },
    ]);
    // % and _ are letters here, not wildcards.
    expect((await list(hal, { keyword: '1_0' })).list).toEqual([]);
    expect((await list(hal, { keyword: 'note 2' })).list).toHaveLength(7);
  });

  it('belong to their owner only: nobody else lists, sends or deletes them', async () => {
    const [ivy, jon, kim] = [
      await seed(server.url).user('ivy'),
      await seed(server.url).user('jon'),
      await seed(server.url).user('kim'),
    ];
    await befriend(server.url, jon, kim);
    const secret = await note(ivy, 'My locker code is 4711');
    expect((await list(jon)).list).toEqual([]);

    const sent = await as(server.url, jon).post('/chat/sendMsg', {
      userId: kim.userId,
      msgType: 'COLLECTION',
      content: { favoriteId: secret.favoriteId },
    });
    expect([sent.body.code, sent.body.err]).toEqual([404, 'favoriteNotFound']);
    const removed = await as(server.url, jon).post('/favorites/delete', { favoriteId: secret.favoriteId });
    expect([removed.body.code, removed.body.err]).toEqual([404, 'favoriteNotFound']);
    expect((await list(ivy)).list.map((f) => f.favoriteId)).toEqual([secret.favoriteId]);

    // Nor can anyone save a message of a chat they are not in.
    const between = await sendText(server.url, jon, kim, 'Just us');
    expect((await save(ivy, between.chatId, between.msgId)).body.err).toBe('chatNotFound');

    const own = await as(server.url, ivy).post('/favorites/delete', { favoriteId: secret.favoriteId });
    expect(own.body.code, own.body.msg).toBe(200);
    expect((await list(ivy)).list).toEqual([]);
  });

  it('refuses an empty or over-long note with the field named', async () => {
    const lee = await seed(server.url).user('lee');
    const empty = await as(server.url, lee).post('/favorites/addNote', { text: '   ' });
    expect(empty.body).toMatchObject({ code: 400, msg: 'text: please fill content' });
    const long = await as(server.url, lee).post('/favorites/addNote', { text: 'x'.repeat(2001) });
    expect(long.body.msg).toMatch(/^text: /);
    expect((await list(lee)).list).toEqual([]);
  });
});
