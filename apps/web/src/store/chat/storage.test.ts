import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import {
  CHAT_DB_NAME,
  deleteChatStores,
  MemoryChatStorage,
  openChatStorage,
  type ChatStorage,
  type StoredChat,
} from './storage';
import type { LocalMessage } from './types';

const msg = (id: string, chatId = 'c1', seq?: number): LocalMessage => ({
  id,
  chatId,
  seq,
  fromId: '1',
  toId: '2',
  msgType: 'TEXT',
  content: { text: id },
  createTime: 1,
  type: 1,
  nickName: '',
  portrait: '',
});

/** The ids of a chat's stored messages, newest first. */
const idsOf = async (store: ChatStorage, chatId: string, page?: { below?: number; limit?: number }) =>
  (await store.loadMessages(chatId, page)).messages.map((m) => m.id);

const chat = (chatId: string): StoredChat => ({
  chatId,
  chatType: 'SINGLE',
  userId: '2',
  nickName: 'Ben',
  portrait: '',
  userType: '',
  lastSeq: 3,
  readSeq: 1,
  clearedSeq: 0,
  hiddenSeq: null,
  isTop: 'N',
  isDisturb: 'N',
  heldFrom: 0,
  heldTo: 3,
  hasOlder: false,
  preview: null,
  lastTime: 5,
  pendingRead: null,
});

const backends: [string, (userId: string, factory: IDBFactory) => Promise<ChatStorage>][] = [
  ['IndexedDB', (userId, factory) => openChatStorage(userId, factory)],
  ['memory', async () => new MemoryChatStorage()],
];

describe.each(backends)('chat storage (%s)', (_name, open) => {
  it('keeps the list, messages per chat and the outbox', async () => {
    const factory = new IDBFactory();
    const store = await open('7', factory);
    expect(store.kind).toBe(_name === 'IndexedDB' ? 'indexeddb' : 'memory');
    await store.write([
      { op: 'putMessage', chatId: 'c1', message: msg('a') },
      { op: 'putMessage', chatId: 'c1', message: msg('b') },
      { op: 'putMessage', chatId: 'c2', message: msg('z', 'c2') },
      {
        op: 'putOutbox',
        item: {
          clientMsgId: 'local_1',
          chatId: 'c1',
          userId: '2',
          msgType: 'TEXT',
          content: {},
          createTime: 1,
        },
      },
      { op: 'putChat', chat: chat('c1') },
      { op: 'putChat', chat: chat('c2') },
    ]);
    expect((await store.loadChats()).map((c) => c.chatId)).toEqual(['c1', 'c2']);
    expect((await idsOf(store, 'c1')).sort()).toEqual(['a', 'b']);
    expect((await store.loadOutbox()).map((o) => o.clientMsgId)).toEqual(['local_1']);

    await store.write([
      { op: 'deleteMessage', chatId: 'c1', id: 'a' },
      { op: 'clearChat', chatId: 'c2', upTo: 0 },
      { op: 'putMessage', chatId: 'c2', message: msg('y', 'c2') },
      { op: 'deleteOutbox', clientMsgId: 'local_1' },
    ]);
    expect(await idsOf(store, 'c1')).toEqual(['b']);
    expect(await idsOf(store, 'c2')).toEqual(['y']);
    expect(await store.loadOutbox()).toEqual([]);
    // A chat's record changes only when it is written.
    await store.write([{ op: 'putChat', chat: { ...chat('c2'), lastSeq: 9 } }]);
    expect((await store.loadChats()).map((c) => [c.chatId, c.lastSeq])).toEqual([
      ['c1', 3],
      ['c2', 9],
    ]);
    store.close();
  });

  it('reads a chat newest first, a page at a time, by place', async () => {
    const store = await open('7', new IDBFactory());
    // Seqs 1–6; a local row written after seq 4 sits at 4 with it.
    const local = { ...msg('local_x'), afterSeq: 4 };
    await store.write([
      ...[1, 2, 3, 4, 5, 6].map((seq) => ({
        op: 'putMessage' as const,
        chatId: 'c1',
        message: msg(`s${seq}`, 'c1', seq),
      })),
      { op: 'putMessage', chatId: 'c1', message: local },
      { op: 'putMessage', chatId: 'c2', message: msg('other', 'c2', 9) },
    ]);
    expect(await store.loadMessages('c1', { limit: 2 })).toMatchObject({ below: 5 });
    expect(await idsOf(store, 'c1', { limit: 2 })).toEqual(['s6', 's5']);
    // A page never splits a place: both rows at 4 come together.
    expect(await idsOf(store, 'c1', { below: 5, limit: 1 })).toEqual(
      expect.arrayContaining(['s4', 'local_x']),
    );
    expect(await store.loadMessages('c1', { below: 5, limit: 1 })).toMatchObject({ below: 4 });
    expect(await store.loadMessages('c1', { below: 4, limit: 5 })).toMatchObject({ below: null });
    expect(await idsOf(store, 'c1', { below: 4, limit: 5 })).toEqual(['s3', 's2', 's1']);
    expect((await store.loadMessagesById('c1', ['local_x', 'gone'])).map((m) => m.id)).toEqual(['local_x']);

    // Clearing up to seq 4 leaves what is placed after it.
    await store.write([{ op: 'clearChat', chatId: 'c1', upTo: 4 }]);
    expect(await idsOf(store, 'c1')).toEqual(['s6', 's5']);
    expect(await idsOf(store, 'c2')).toEqual(['other']);
    store.close();
  });

  it('separates users on the same browser', async () => {
    if (_name === 'memory') return;
    const factory = new IDBFactory();
    const amy = await open('1', factory);
    await amy.write([
      { op: 'putMessage', chatId: 'c1', message: msg('a') },
      { op: 'putChat', chat: chat('c1') },
    ]);
    amy.close();
    const ben = await open('2', factory);
    expect(await ben.loadChats()).toEqual([]);
    expect(await idsOf(ben, 'c1')).toEqual([]);
    ben.close();
    const amyAgain = await open('1', factory);
    expect(await idsOf(amyAgain, 'c1')).toHaveLength(1);
    amyAgain.close();
  });
});

describe('a store written by an older version of the app', () => {
  /** What version 1 wrote: each user's chat list as one array under `{userId}_chatlistData`. */
  function writeVersion1(factory: IDBFactory, lists: Record<string, StoredChat[]>): Promise<void> {
    return new Promise((resolve, reject) => {
      const request = factory.open(CHAT_DB_NAME, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore('lists');
        db.createObjectStore('messages', { keyPath: 'pk' }).createIndex('chat', 'chat');
        db.createObjectStore('outbox', { keyPath: 'pk' }).createIndex('owner', 'owner');
        for (const [key, list] of Object.entries(lists))
          request.transaction?.objectStore('lists').put(list, key);
        request.transaction
          ?.objectStore('messages')
          .put({ pk: '1_chatData/c1/a', chat: '1_chatData/c1', msg: msg('a', 'c1', 3) });
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error ?? new Error('could not write version 1'));
    });
  }

  it('is upgraded in place: every user keeps their chats and messages', async () => {
    const factory = new IDBFactory();
    await writeVersion1(factory, {
      '1_chatlistData': [chat('c1'), chat('c2')],
      '2_chatlistData': [chat('c9')],
    });

    const amy = await openChatStorage('1', factory);
    expect(amy.kind).toBe('indexeddb');
    expect((await amy.loadChats()).map((c) => c.chatId).sort()).toEqual(['c1', 'c2']);
    expect(await idsOf(amy, 'c1')).toEqual(['a']);
    // Placed by its seq: a page before it is empty, one before the next seq holds it.
    expect(await idsOf(amy, 'c1', { below: 3 })).toEqual([]);
    expect(await idsOf(amy, 'c1', { below: 4 })).toEqual(['a']);
    amy.close();
    const ben = await openChatStorage('2', factory);
    expect(await ben.loadChats()).toEqual([chat('c9')]);
    ben.close();
  });
});

describe('deleting the chat stores (a session ended)', () => {
  const outboxItem = {
    clientMsgId: 'local_9',
    chatId: 'c1',
    userId: '2',
    msgType: 'TEXT',
    content: { text: 'unsent' },
    createTime: 1,
  };

  it("leaves no user's list, messages or outbox for the next person", async () => {
    const factory = new IDBFactory();
    for (const userId of ['1', '2']) {
      const store = await openChatStorage(userId, factory);
      await store.write([
        { op: 'putMessage', chatId: 'c1', message: msg(`m${userId}`) },
        { op: 'putOutbox', item: outboxItem },
        { op: 'putChat', chat: chat('c1') },
      ]);
      store.close();
    }

    await deleteChatStores(factory);

    expect((await factory.databases()).map((d) => d.name)).toEqual([]);
    for (const userId of ['1', '2']) {
      const store = await openChatStorage(userId, factory);
      expect(await store.loadChats()).toEqual([]);
      expect(await idsOf(store, 'c1')).toEqual([]);
      expect(await store.loadOutbox()).toEqual([]);
      store.close();
    }
  });

  it('is not held up by a connection still open in another tab', async () => {
    const factory = new IDBFactory();
    const otherTab = await openChatStorage('1', factory);
    await otherTab.write([
      { op: 'putMessage', chatId: 'c1', message: msg('a') },
      { op: 'putChat', chat: chat('c1') },
    ]);

    await deleteChatStores(factory);

    const next = await openChatStorage('1', factory);
    expect(await idsOf(next, 'c1')).toEqual([]);
    next.close();
  });
});
