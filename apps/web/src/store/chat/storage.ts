/**
 * The chat store on the device, per user, in IndexedDB (localStorage is too small for long
 * histories). The spec's keys name each user's share:
 * - `{userId}_chatlistData/{chatId}`: the chat list, one record per chat (its entry plus the
 *   engine's bookkeeping: seqs, held range, preview), so a change to one chat writes one record;
 * - `{userId}_chatData/{chatId}/…`: one record per message, found through the `chat` index,
 *   so a long history is never one giant value and a new message writes one small record;
 * - `{userId}_outbox/{clientMsgId}`: messages not yet confirmed by the server.
 * Another user signing in on the same browser reads only their own keys, and a session's end
 * deletes the whole store (`deleteChatStores`), so nothing is left for the next person.
 *
 * The stored shape has a version (the database's): `upgrade` brings a store written by an older
 * version of the app up to this one, so an update keeps the chats on the device.
 *
 * Every write is one transaction over all three stores. IndexedDB runs transactions with
 * overlapping scopes in the order they were made, and each is all-or-nothing, so what is on
 * disk is always a state the engine really had: the list's held seq range never claims a
 * message whose record is not there, and a reload can trust it.
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { ChatType, GroupFace, GroupStatus } from '@paichat/protocol';
import { orderKey } from './messages';
import type { LocalMessage } from './types';

/** The last message a list entry previews (enough to localize it again). */
export interface StoredPreview {
  seq?: number;
  /** A local row's place (see LocalMessage.afterSeq). */
  afterSeq?: number;
  createTime: number;
  msgType: string;
  content: unknown;
  type: LocalMessage['type'];
  notice?: LocalMessage['notice'];
  sendtype?: LocalMessage['sendtype'];
  /**
   * A group message from someone else: who sent it (the preview reads "name: text"), as the
   * message names them (its showName: group nickname, else nickname) …
   */
  sender?: string;
  /** … and their id and group nickname, to put the viewer's remark first (`showNameOf`). */
  senderId?: string;
  groupNick?: string;
}

/** One chat as the device keeps it (spec 3 chat-list entry plus the engine's bookkeeping). */
export interface StoredChat {
  chatId: string;
  chatType: ChatType;
  /** SINGLE: the friend; GROUP: the group. */
  userId: string;
  nickName: string;
  portrait: string;
  userType: string;
  lastSeq: number;
  readSeq: number;
  clearedSeq: number;
  /** Off the list while lastSeq ≤ hiddenSeq (removed); null when on it. */
  hiddenSeq: number | null;
  isTop: 'Y' | 'N';
  isDisturb: 'Y' | 'N';
  /**
   * Every visible message with heldFrom < seq ≤ heldTo is stored here. null: no history held
   * yet (the chat loads its newest page when opened).
   */
  heldFrom: number | null;
  heldTo: number | null;
  hasOlder: boolean;
  preview: StoredPreview | null;
  /** Time of the newest message (or of the chat), ms. */
  lastTime: number;
  /** A read position set here and not yet confirmed by the server (sent again on reconnect). */
  pendingRead: number | null;
  /** GROUP only: whether the user is still a member (LEFT and DISMISSED chats are read-only). */
  groupStatus?: GroupStatus;
  /** GROUP only, while a member: the first members, whose faces draw its picture. */
  faces?: GroupFace[];
  /** GROUP only: the newest message that mentions the user (mentions.ts); absent when none. */
  mentionSeq?: number;
  /** How many of the chat's messages the user deleted for themselves, as this device took in. */
  deletions?: number;
}

/** A message the server has not confirmed: sent again (same clientMsgId) until it answers. */
export interface OutboxItem {
  clientMsgId: string;
  chatId: string;
  /** The friend (`/chat/sendMsg` userId) or the group (`/group/sendMsg` groupId) it is for. */
  userId: string;
  msgType: string;
  content: unknown;
  createTime: number;
}

export type StorageOp =
  | { op: 'putChat'; chat: StoredChat }
  | { op: 'putMessage'; chatId: string; message: LocalMessage }
  | { op: 'deleteMessage'; chatId: string; id: string }
  /** Deletes the chat's messages placed at or before `upTo` (orderKey). */
  | { op: 'clearChat'; chatId: string; upTo: number }
  | { op: 'putOutbox'; item: OutboxItem }
  | { op: 'deleteOutbox'; clientMsgId: string };

/** Some of a chat's stored messages, the newest first (by orderKey). */
export interface StoredPage {
  messages: LocalMessage[];
  /**
   * Every stored message placed at or after this key was read (in this page or a newer one);
   * older ones are left for the next page. null: nothing older is stored.
   */
  below: number | null;
}

export interface ChatStorage {
  readonly kind: 'indexeddb' | 'memory';
  loadChats(): Promise<StoredChat[]>;
  loadOutbox(): Promise<OutboxItem[]>;
  /**
   * A chat's stored messages placed before `below` (all of them without it), newest first:
   * `limit` of them, and the rest placed at the last one's key, so a page never splits a key.
   */
  loadMessages(chatId: string, page?: { below?: number; limit?: number }): Promise<StoredPage>;
  /** The chat's stored messages with these ids (those not stored are left out). */
  loadMessagesById(chatId: string, ids: readonly string[]): Promise<LocalMessage[]>;
  /** Applies the ops in order, all in one transaction. */
  write(ops: readonly StorageOp[]): Promise<void>;
  close(): void;
}

export const CHAT_DB_NAME = 'paichat-chat';
/**
 * The version of the stored shape. 1: each user's chat list was one value in `lists`;
 * 2: one record per chat in `chats`; 3: messages are found by chat and place (`order`), so a
 * chat opens on its newest page without reading the rest.
 */
export const CHAT_DB_VERSION = 3;

interface ChatRecord {
  pk: string;
  owner: string;
  chat: StoredChat;
}
interface MessageRecord {
  pk: string;
  chat: string;
  /** orderKey(msg): the `order` index is [chat, key]. */
  key: number;
  msg: LocalMessage;
}
interface OutboxRecord {
  pk: string;
  owner: string;
  item: OutboxItem;
}

interface ChatDb extends DBSchema {
  chats: { key: string; value: ChatRecord; indexes: { owner: string } };
  messages: { key: string; value: MessageRecord; indexes: { order: [string, number] } };
  outbox: { key: string; value: OutboxRecord; indexes: { owner: string } };
}

export const keys = (userId: string) => ({
  list: `${userId}_chatlistData`,
  listed: (chatId: string) => `${userId}_chatlistData/${chatId}`,
  chat: (chatId: string) => `${userId}_chatData/${chatId}`,
  message: (chatId: string, id: string) => `${userId}_chatData/${chatId}/${id}`,
  outboxOwner: `${userId}_outbox`,
  outbox: (clientMsgId: string) => `${userId}_outbox/${clientMsgId}`,
});

const chatRecord = (owner: string, chat: StoredChat): ChatRecord => ({
  pk: `${owner}/${chat.chatId}`,
  owner,
  chat,
});

/**
 * Brings the database from `oldVersion` to CHAT_DB_VERSION, one step per version, inside the
 * upgrade transaction (all or nothing: a failed upgrade leaves the old version as it was).
 */
function upgrade(db: IDBDatabase, oldVersion: number, tx: IDBTransaction): void {
  if (oldVersion < 1) {
    db.createObjectStore('messages', { keyPath: 'pk' }).createIndex('chat', 'chat');
    db.createObjectStore('outbox', { keyPath: 'pk' }).createIndex('owner', 'owner');
  }
  if (oldVersion < 2) {
    const chats = db.createObjectStore('chats', { keyPath: 'pk' });
    chats.createIndex('owner', 'owner');
    // Version 1 kept each user's list as one array under `{userId}_chatlistData`.
    if (oldVersion === 1) {
      const cursorRequest = tx.objectStore('lists').openCursor();
      cursorRequest.onsuccess = () => {
        const cursor = cursorRequest.result;
        if (!cursor) {
          db.deleteObjectStore('lists');
          return;
        }
        for (const chat of cursor.value as StoredChat[]) chats.put(chatRecord(String(cursor.key), chat));
        cursor.continue();
      };
    }
  }
  if (oldVersion < 3) {
    const messages = tx.objectStore('messages');
    messages.deleteIndex('chat');
    messages.createIndex('order', ['chat', 'key']);
    // Records written before version 3 get their key.
    const cursorRequest = messages.openCursor();
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (!cursor) return;
      const record = cursor.value as MessageRecord;
      cursor.update({ ...record, key: orderKey(record.msg) });
      cursor.continue();
    };
  }
}

/** The `order` index's range of a chat's messages placed from `from` to `to` (both included). */
const placed = (chat: string, from: number, to: number, toOpen = false) =>
  IDBKeyRange.bound([chat, from], [chat, to], false, toOpen);

/** Opens the database through a given factory (tests pass fake-indexeddb's). */
function open(factory: IDBFactory): Promise<IDBPDatabase<ChatDb>> {
  const request = factory.open(CHAT_DB_NAME, CHAT_DB_VERSION);
  request.onupgradeneeded = (event) => {
    if (request.transaction) upgrade(request.result, event.oldVersion, request.transaction);
  };
  return wrap(request) as unknown as Promise<IDBPDatabase<ChatDb>>;
}

class IdbChatStorage implements ChatStorage {
  readonly kind = 'indexeddb';
  private readonly k: ReturnType<typeof keys>;
  constructor(
    private readonly db: IDBPDatabase<ChatDb>,
    userId: string,
  ) {
    this.k = keys(userId);
    // Another tab deleting the store (its session ended) must not wait on this connection.
    db.addEventListener('versionchange', () => db.close());
  }

  async loadChats(): Promise<StoredChat[]> {
    const records = await this.db.getAllFromIndex('chats', 'owner', this.k.list);
    return records.map((r) => r.chat);
  }

  async loadOutbox(): Promise<OutboxItem[]> {
    const records = await this.db.getAllFromIndex('outbox', 'owner', this.k.outboxOwner);
    return records.map((r) => r.item);
  }

  async loadMessages(chatId: string, page: { below?: number; limit?: number } = {}): Promise<StoredPage> {
    const range = placed(this.k.chat(chatId), -Infinity, page.below ?? Infinity, page.below !== undefined);
    const limit = page.limit ?? Infinity;
    const messages: LocalMessage[] = [];
    let lastKey = Infinity;
    let cursor = await this.db.transaction('messages').store.index('order').openCursor(range, 'prev');
    for (; cursor; cursor = await cursor.continue()) {
      const { key, msg } = cursor.value;
      if (messages.length >= limit && key !== lastKey) return { messages, below: lastKey };
      messages.push(msg);
      lastKey = key;
    }
    return { messages, below: null };
  }

  async loadMessagesById(chatId: string, ids: readonly string[]): Promise<LocalMessage[]> {
    const store = this.db.transaction('messages').store;
    const records = await Promise.all(ids.map((id) => store.get(this.k.message(chatId, id))));
    return records.flatMap((r) => (r ? [r.msg] : []));
  }

  async write(ops: readonly StorageOp[]): Promise<void> {
    const tx = this.db.transaction(['chats', 'messages', 'outbox'], 'readwrite');
    const chats = tx.objectStore('chats');
    const messages = tx.objectStore('messages');
    const outbox = tx.objectStore('outbox');
    // Requests of one transaction run in the order they are made; only a clear has to wait
    // for its key list before the ops after it are issued.
    const pending: Promise<unknown>[] = [];
    for (const op of ops) {
      switch (op.op) {
        case 'putChat':
          pending.push(chats.put(chatRecord(this.k.list, op.chat)));
          break;
        case 'putMessage':
          pending.push(
            messages.put({
              pk: this.k.message(op.chatId, op.message.id),
              chat: this.k.chat(op.chatId),
              key: orderKey(op.message),
              msg: op.message,
            }),
          );
          break;
        case 'deleteMessage':
          pending.push(messages.delete(this.k.message(op.chatId, op.id)));
          break;
        case 'clearChat': {
          const pks = await messages
            .index('order')
            .getAllKeys(placed(this.k.chat(op.chatId), -Infinity, op.upTo));
          for (const pk of pks) pending.push(messages.delete(pk));
          break;
        }
        case 'putOutbox':
          pending.push(
            outbox.put({
              pk: this.k.outbox(op.item.clientMsgId),
              owner: this.k.outboxOwner,
              item: op.item,
            }),
          );
          break;
        case 'deleteOutbox':
          pending.push(outbox.delete(this.k.outbox(op.clientMsgId)));
          break;
      }
    }
    await Promise.all([...pending, tx.done]);
  }

  close(): void {
    this.db.close();
  }
}

const clone = <T>(value: T): T => structuredClone(value);

/** The same contract in memory: when IndexedDB is unavailable (some private modes), and tests. */
export class MemoryChatStorage implements ChatStorage {
  readonly kind = 'memory';
  private readonly chats = new Map<string, StoredChat>();
  private readonly messages = new Map<string, Map<string, LocalMessage>>();
  private readonly outbox = new Map<string, OutboxItem>();

  async loadChats(): Promise<StoredChat[]> {
    return clone([...this.chats.values()]);
  }

  async loadOutbox(): Promise<OutboxItem[]> {
    return clone([...this.outbox.values()]);
  }

  async loadMessages(chatId: string, page: { below?: number; limit?: number } = {}): Promise<StoredPage> {
    const { below: before = Infinity, limit = Infinity } = page;
    const newestFirst = [...(this.messages.get(chatId)?.values() ?? [])]
      .filter((m) => orderKey(m) < before)
      .sort((a, b) => orderKey(b) - orderKey(a));
    const keys = newestFirst.map(orderKey);
    let end = Math.min(limit, keys.length);
    while (end > 0 && end < keys.length && keys[end] === keys[end - 1]) end += 1;
    const below = end < keys.length ? (keys[end - 1] ?? null) : null;
    return { messages: clone(newestFirst.slice(0, end)), below };
  }

  async loadMessagesById(chatId: string, ids: readonly string[]): Promise<LocalMessage[]> {
    const chat = this.messages.get(chatId);
    return clone(ids.flatMap((id) => chat?.get(id) ?? []));
  }

  async write(ops: readonly StorageOp[]): Promise<void> {
    for (const op of ops) {
      switch (op.op) {
        case 'putChat':
          this.chats.set(op.chat.chatId, clone(op.chat));
          break;
        case 'putMessage': {
          const chat = this.messages.get(op.chatId) ?? new Map<string, LocalMessage>();
          chat.set(op.message.id, clone(op.message));
          this.messages.set(op.chatId, chat);
          break;
        }
        case 'deleteMessage':
          this.messages.get(op.chatId)?.delete(op.id);
          break;
        case 'clearChat':
          for (const [id, message] of this.messages.get(op.chatId) ?? [])
            if (orderKey(message) <= op.upTo) this.messages.get(op.chatId)?.delete(id);
          break;
        case 'putOutbox':
          this.outbox.set(op.item.clientMsgId, clone(op.item));
          break;
        case 'deleteOutbox':
          this.outbox.delete(op.clientMsgId);
          break;
      }
    }
  }

  close(): void {}
}

/**
 * Deletes every user's chat store on this browser: chat lists, messages and unsent outboxes.
 * Connections still open (another tab) close on the request, and one opened after it waits for
 * the deletion, so the next session starts from nothing.
 */
export function deleteChatStores(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<void> {
  if (!factory) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(CHAT_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`could not delete ${CHAT_DB_NAME}`));
  });
}

/**
 * The user's chat store: IndexedDB when the browser has it (through `factory`, the global one
 * by default), else memory (the chats then last as long as the page).
 */
export async function openChatStorage(
  userId: string,
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<ChatStorage> {
  if (!factory) return new MemoryChatStorage();
  try {
    return new IdbChatStorage(await open(factory), userId);
  } catch {
    return new MemoryChatStorage();
  }
}
