/**
 * The chat engine: one per signed-in user. It owns the user's chat list and messages, keeps
 * them on the device (storage.ts), and keeps them equal to the server's, which is the truth
 * (protocol chats.ts). React only renders it: `subscribe/getSnapshot` for the list,
 * `getWindow(chatId)` for a chat, the ChatCommands for what a person does, and `dispatch`
 * for what happens around it (socket pushes and status, page visibility).
 *
 * The delivery protocol, from the client's side:
 * - Every message has its chat's seq. A chat remembers the range of seqs it holds without a
 *   hole (heldFrom < seq ≤ heldTo). A message that lands past heldTo + 1 (a push after a
 *   dropped one), or a server lastSeq past heldTo (a session refresh, a notice), means a gap:
 *   the engine asks /chat/syncMessages for everything after heldTo, page by page. On every
 *   (re)connect and every return to the page it refreshes the sessions and does the same for
 *   every chat that moved. So nothing is lost, whatever the socket dropped.
 * - Everything merges by identity (msgId; an own row by its clientMsgId), never by replacing,
 *   so a repeated push, a sync page overlapping a push, and the HTTP answer racing the socket
 *   echo all end as one row in seq order (messages.ts).
 * - A seq the chat holds arriving under another msgId means the server no longer has what the
 *   device holds from there on (its database went back in time, which the server's start-up
 *   guard is there to prevent): the chat drops those rows and fetches that part again.
 * - A send goes through the outbox (outbox.ts): the row (`local_…` id = clientMsgId,
 *   'wating') and the outbox entry are on disk before the request leaves. The entry goes only
 *   when the server has the message (its answer or its echo) or refused it. What is left is
 *   sent again, with the same clientMsgId, after a reload and on every reconnect; the server
 *   answers a repeat with the original message, so nothing is sent twice either.
 * - Unread is the server's lastSeq − readSeq, moved forward here the way the server moves it
 *   (unread.ts). Reads made here are remembered until the server confirms them.
 */
import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHAT_SESSIONS_PAGE_SIZE,
  ChatReadNotice,
  ChatUpdatedNotice,
  GroupChangedNotice,
  MsgType,
  NoticeType,
  SYNC_LIMIT_DEFAULT,
  TAB_REFRESH_THROTTLE_MS,
  clearChatMessages,
  getChatMessages,
  getChatSession,
  getChatSessions,
  markRead,
  removeChatSession,
  setChatDisturb,
  setChatTop,
  syncMessages,
  type ChatSession,
  type ChatState,
  type MsgPush,
  type ServerPush,
} from '@paichat/protocol';
import type { BadgeValue } from '../badges';
import type { SocketStatus } from '../../realtime/SocketClient';
import { parseCallRecord } from './callEnd';
import {
  emptyChat,
  isListed,
  lastVisiblePreview,
  laterPreview,
  toEntry,
  withSeqs,
  withSession,
  withSettings,
} from './chatState';
import { nextHeldRange, type Arrival } from './heldRange';
import { newClientMsgId, noticeIdFor } from './ids';
import { Outbox } from './outbox';
import { newRuntime, type Runtime } from './runtime';
import { WriteQueue } from './writeQueue';
import {
  advanceHeld,
  compareMessages,
  fromServer,
  mergeMessages,
  seqConflict,
  seqsOf,
  visibleRows,
  type RemarkOf,
} from './messages';
import type { ChatStorage, StorageOp, StoredChat } from './storage';
import { chatT, type Translate } from './texts';
import { failureOf, type ChatTransport } from './transport';
import type { ChatCommands, ChatEngineStatus, ChatListEntry, ChatWindowState, LocalMessage } from './types';
import { compareEntries, totalBadge } from './unread';

export interface ChatEngineDeps {
  userId: string;
  transport: ChatTransport;
  storage: ChatStorage;
  t?: Translate;
  now?: () => number;
  /** Whether the page is visible (a chat open on a hidden page does not read). */
  isVisible?: () => boolean;
  /** Tab 0's badge. */
  setBadge?: (value: BadgeValue) => void;
  /** The rest of a pull refresh: user info and the other tabs' badges. */
  refreshExtras?: () => Promise<void>;
  /** The signed-in user's name and portrait, for own rows. */
  profile?: () => { nickName: string; portrait: string } | undefined;
  /** The finished-call record (localStorage `call`). */
  callRecords?: { read(): string | null; remove(): void };
  /** A failed command (pin, mute, remove, clear, read) is told here. */
  toast?: (message: string) => void;
  /** Re-render when the interface language changes (previews are localized). */
  subscribeLocale?: (listener: () => void) => () => void;
  /** The user's remark for a friend: a group preview names its sender as the chat does. */
  remarkOf?: RemarkOf;
  /** Re-render when remarks change. */
  subscribeRemarks?: (listener: () => void) => () => void;
  newId?: () => string;
  /** Resolves after `ms` (tests pass one that does not wait). */
  delay?: (ms: number) => Promise<void>;
  /** Chats caught up at once (spec: bounded). */
  syncConcurrency?: number;
  /** Unexpected errors (not a failed request): bugs worth seeing. */
  onError?: (error: unknown) => void;
  /** The socket's status when the engine is made (an open socket needs no second catch-up). */
  initialConnection?: SocketStatus;
}

export type ChatEngineEvent =
  | { type: 'push'; push: ServerPush }
  | { type: 'connection'; status: SocketStatus }
  /** The page became visible or hidden (the engine reads isVisible()). */
  | { type: 'visibility' };

export interface ChatEngineSnapshot {
  status: ChatEngineStatus;
  userId: string;
  /** Listed chats, pinned first, then newest. */
  list: ChatListEntry[];
  /** Tab 0's badge (unread of unmuted chats; a dot when only muted chats have some). */
  total: BadgeValue;
  syncing: boolean;
}

const PAGE_SIZE = CHAT_MESSAGES_PAGE_SIZE;
const MAX_SYNC_PAGES = 1_000;
const MAX_SESSION_PAGES = 50;

const EMPTY_WINDOW: ChatWindowState = Object.freeze({ messages: [], hasOlder: false, loadingOlder: false });

async function pool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await run(item);
      } catch {
        // One chat failing (offline again) leaves the others; the next reconnect retries it.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

export class ChatEngine implements ChatCommands {
  readonly userId: string;
  private readonly transport: ChatTransport;
  private readonly storage: ChatStorage;
  private readonly t: Translate;
  private readonly now: () => number;
  private readonly isVisible: () => boolean;
  private readonly deps: ChatEngineDeps;

  private status: ChatEngineStatus = 'starting';
  private readonly chats = new Map<string, Runtime>();
  /** Sending: the outbox and the rows of own messages on their way (outbox.ts). */
  private readonly outbox: Outbox;
  /** Chats with a window open (counted: StrictMode mounts twice). */
  private readonly active = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private snapshot: ChatEngineSnapshot;
  private snapshotDirty = true;
  private stampCounter = 0;
  private connection: SocketStatus = 'idle';
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private refreshing: Promise<void> | null = null;
  private lastRefresh = Number.NEGATIVE_INFINITY;
  private lastShowSync = Number.NEGATIVE_INFINITY;
  private callPending = false;
  private early: ChatEngineEvent[] = [];
  private lastBadge: BadgeValue | undefined;
  private readonly unsubscribes: (() => void)[] = [];

  private readonly writes: WriteQueue;
  private readonly tasks = new Set<Promise<void>>();

  constructor(deps: ChatEngineDeps) {
    this.deps = deps;
    this.userId = deps.userId;
    this.transport = deps.transport;
    this.storage = deps.storage;
    this.t = deps.t ?? chatT;
    this.now = deps.now ?? Date.now;
    this.isVisible =
      deps.isVisible ?? (() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
    this.snapshot = { status: 'starting', userId: this.userId, list: [], total: 0, syncing: false };
    this.connection = deps.initialConnection ?? 'idle';
    this.writes = new WriteQueue(
      deps.storage,
      () => [...this.chats.values()].map((rt) => rt.meta),
      (error) => this.report(error),
    );
    this.outbox = new Outbox({
      userId: this.userId,
      transport: this.transport,
      t: this.t,
      now: this.now,
      delay: deps.delay ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      newId: deps.newId ?? newClientMsgId,
      profile: () => deps.profile?.(),
      stopped: () => this.stopped,
      chat: (chatId) => this.chats.get(chatId),
      loaded: (rt) => this.loaded(rt),
      stamp: (rt) => {
        rt.stamp = ++this.stampCounter;
      },
      touch: (rt) => this.touch(rt),
      persist: (ops) => this.persist(ops),
      flush: () => this.flush(),
      track: (task) => this.track(task),
      report: (error) => this.report(error),
      integrate: (rt, incoming, arrival) => this.integrate(rt, incoming, arrival),
      refreshSession: (chatId) => this.track(this.fetchSession({ chatId })),
    });
  }

  // ── React binding ──────────────────────────────────────────────────────────
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatEngineSnapshot => {
    if (this.snapshotDirty) {
      this.snapshotDirty = false;
      const list: ChatListEntry[] = [];
      for (const rt of this.chats.values()) if (isListed(rt.meta)) list.push(this.entryOf(rt));
      list.sort(compareEntries);
      this.snapshot = {
        status: this.status,
        userId: this.userId,
        list,
        total: totalBadge(list),
        syncing: this.syncing !== null,
      };
    }
    return this.snapshot;
  };

  /** A chat's window state; the same object until that chat changes. */
  getWindow(chatId: string): ChatWindowState {
    const rt = this.chats.get(chatId);
    if (!rt) return EMPTY_WINDOW;
    rt.window ??= {
      messages: rt.rows ? visibleRows(rt.rows) : [],
      hasOlder: rt.meta.heldTo === null ? rt.meta.lastSeq > rt.meta.clearedSeq : rt.meta.hasOlder,
      loadingOlder: rt.older !== null,
      entry: this.entryOf(rt),
    };
    return rt.window;
  }

  get engineStatus(): ChatEngineStatus {
    return this.status;
  }

  private get stopped(): boolean {
    return this.status === 'stopped';
  }

  // ── Life cycle ─────────────────────────────────────────────────────────────
  /** Shows the device's chats at once, then catches up with the server. */
  async start(): Promise<void> {
    try {
      const [chats, outbox] = await Promise.all([this.storage.loadChats(), this.storage.loadOutbox()]);
      for (const meta of chats) this.chats.set(meta.chatId, newRuntime(meta));
      this.outbox.load(outbox);
    } catch (error) {
      this.report(error);
    }
    if (this.stopped) return;
    this.status = 'ready';
    // Previews are localized and name group senders by remark: either change redraws them.
    const redraw = () => {
      for (const rt of this.chats.values()) this.invalidate(rt);
      this.emit();
    };
    for (const subscribe of [this.deps.subscribeLocale, this.deps.subscribeRemarks])
      if (subscribe) this.unsubscribes.push(subscribe(redraw));
    this.emit();
    const early = this.early;
    this.early = [];
    for (const event of early) this.dispatch(event);
    this.track(this.syncAll());
    if (this.isVisible()) this.track(this.checkCallRecord());
  }

  /** Sign-out or another user: answers arriving later are ignored; pending writes finish. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.status = 'stopped';
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    this.emit();
    await this.writes.close();
  }

  /** Resolves when nothing is in flight (tests, and a graceful reload). */
  async idle(): Promise<void> {
    for (let round = 0; round < 10_000; round += 1) {
      await this.writes.flush();
      if (this.tasks.size === 0 && this.writes.empty) return;
      await Promise.allSettled([...this.tasks]);
    }
  }

  // ── Events ─────────────────────────────────────────────────────────────────
  dispatch(event: ChatEngineEvent): void {
    if (this.stopped) return;
    if (this.status === 'starting') {
      this.early.push(event);
      return;
    }
    switch (event.type) {
      case 'push':
        this.onPush(event.push);
        break;
      case 'connection': {
        const was = this.connection;
        this.connection = event.status;
        // Whatever happened while the socket was down is fetched now (and the outbox sent).
        if (event.status === 'open' && was !== 'open') this.track(this.syncAll());
        break;
      }
      case 'visibility':
        if (this.isVisible()) this.onShow();
        break;
    }
  }

  /** The window of a chat is on screen until the returned function is called. */
  enter(chatId: string): () => void {
    this.active.set(chatId, (this.active.get(chatId) ?? 0) + 1);
    const rt = this.chats.get(chatId);
    if (rt) this.track(this.prepare(rt, false));
    return () => {
      const left = (this.active.get(chatId) ?? 1) - 1;
      if (left > 0) this.active.set(chatId, left);
      else this.active.delete(chatId);
    };
  }

  private onShow(): void {
    this.track(this.checkCallRecord());
    const now = this.now();
    if (now - this.lastShowSync >= TAB_REFRESH_THROTTLE_MS) {
      this.lastShowSync = now;
      this.track(this.syncAll());
    }
    for (const chatId of this.active.keys()) {
      const rt = this.chats.get(chatId);
      if (rt) this.requestRead(rt);
    }
  }

  private onPush(push: ServerPush): void {
    if (push.pushType === 'MSG') {
      this.track(this.onMessagePush(push));
      return;
    }
    if (push.noticeType === NoticeType.CHAT_READ || push.noticeType === NoticeType.CHAT_UPDATED) {
      const schema = push.noticeType === NoticeType.CHAT_READ ? ChatReadNotice : ChatUpdatedNotice;
      const parsed = schema.safeParse(push.msgContent);
      if (parsed.success) this.track(this.onChatState(parsed.data));
    }
    if (push.noticeType === NoticeType.GROUP_CHANGED) {
      // The group's name, portrait or the user's membership changed: its session says how.
      const parsed = GroupChangedNotice.safeParse(push.msgContent);
      if (parsed.success) this.track(this.fetchSession({ chatId: parsed.data.chatId }));
    }
  }

  private async onMessagePush(push: MsgPush): Promise<void> {
    const message = { ...push.msgContent, chatId: push.chatId, seq: push.seq };
    let rt = this.chats.get(push.chatId);
    const created = !rt;
    if (!rt) {
      // A chat new to this device: its entry shows at once from the push; its name (the
      // remark), settings and read position come from the server right after.
      const info = push.chatInfo;
      rt = this.addChat(
        emptyChat({
          chatId: push.chatId,
          chatType: push.chatType ?? message.talkType,
          userId: info.userId,
          nickName: info.nickName,
          portrait: info.portrait,
          userType: info.userType ?? '',
        }),
      );
    }
    await this.loaded(rt);
    if (this.stopped) return;
    this.integrate(rt, [fromServer(message)], { kind: 'live' });
    if (created) this.track(this.fetchSession({ chatId: push.chatId }));
  }

  /** A CHAT_READ / CHAT_UPDATED notice: the user's own change, from any of their devices. */
  private async onChatState(state: ChatState): Promise<void> {
    const rt = this.chats.get(state.chatId);
    if (!rt) {
      if (!state.removed) await this.fetchSession({ chatId: state.chatId });
      return;
    }
    await this.applyState(rt, state, true);
  }

  // ── Commands ───────────────────────────────────────────────────────────────
  async open(ref: { chatId?: string; userId?: string }): Promise<string> {
    const { rt, fresh } = await this.resolveChat(ref);
    // A chat known here may be stale where no push or list tells: one off the list (removed)
    // that was cleared or read on another device meanwhile, a friend renamed. Its session is
    // asked again as it opens, without making the opening wait.
    if (!fresh) this.track(this.fetchSession({ chatId: rt.meta.chatId }));
    await this.prepare(rt, true);
    return rt.meta.chatId;
  }

  loadOlder(chatId: string): Promise<void> {
    const rt = this.chats.get(chatId);
    if (!rt || this.stopped) return Promise.resolve();
    if (rt.older) return rt.older;
    rt.older = this.fetchOlder(rt)
      .catch((error: unknown) => this.report(error))
      .finally(() => {
        rt.older = null;
        this.touch(rt, false);
      });
    this.touch(rt, false);
    return rt.older;
  }

  async send(chatId: string, msgType: MsgType, content: unknown): Promise<void> {
    const { done } = await this.outbox.queueNew(chatId, msgType, content);
    await done;
  }

  retry(chatId: string, localId: string): Promise<void> {
    return this.outbox.retry(chatId, localId);
  }

  async markRead(chatId: string): Promise<void> {
    const rt = this.chats.get(chatId);
    if (!rt) return;
    this.requestRead(rt);
    await this.sendRead(rt);
  }

  setTop(chatId: string, top: boolean): Promise<void> {
    const isTop = top ? 'Y' : 'N';
    return this.changeSetting(chatId, { isTop }, () => this.transport.call(setChatTop, { chatId, isTop }));
  }

  setDisturb(chatId: string, muted: boolean): Promise<void> {
    const isDisturb = muted ? 'Y' : 'N';
    return this.changeSetting(chatId, { isDisturb }, () =>
      this.transport.call(setChatDisturb, { chatId, isDisturb }),
    );
  }

  /** Off the list (and read) until the next message. */
  remove(chatId: string): Promise<void> {
    const rt = this.chats.get(chatId);
    const lastSeq = rt?.meta.lastSeq ?? 0;
    return this.changeSetting(
      chatId,
      { hiddenSeq: lastSeq, readSeq: Math.max(rt?.meta.readSeq ?? 0, lastSeq) },
      () => this.transport.call(removeChatSession, { chatId }),
    );
  }

  /** Clears the history for this user only (all their devices). */
  async clear(chatId: string): Promise<void> {
    const rt = this.chats.get(chatId);
    if (!rt || this.stopped) return;
    try {
      const state = await this.transport.call(clearChatMessages, { chatId });
      if (!this.stopped) await this.applyState(rt, state, true);
    } catch (error) {
      this.toastFailure(error);
    }
  }

  refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    const now = this.now();
    if (now - this.lastRefresh < TAB_REFRESH_THROTTLE_MS || this.stopped) return Promise.resolve();
    this.lastRefresh = now;
    const extras = this.deps.refreshExtras?.() ?? Promise.resolve();
    this.refreshing = Promise.allSettled([extras, this.syncAll()])
      .then(() => undefined)
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  // ── Catch-up ───────────────────────────────────────────────────────────────
  /** Sessions, then every chat that moved, then the outbox, then pending reads. Coalesced. */
  private syncAll(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        do {
          this.syncAgain = false;
          await this.syncOnce();
        } while (this.syncAgain && !this.stopped);
      } finally {
        this.syncing = null;
        this.emit();
      }
    })();
    this.emit();
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    // Offline: this throws, and the next reconnect or return to the page tries again.
    await this.refreshSessions();
    if (this.stopped) return;
    const due = [...this.chats.values()].filter(
      (rt) => rt.meta.heldTo !== null && rt.meta.lastSeq > rt.meta.heldTo,
    );
    await Promise.all([
      pool(due, this.deps.syncConcurrency ?? 4, (rt) => this.syncChat(rt)),
      this.outbox.sendAll(),
    ]);
    for (const rt of this.chats.values()) {
      // An open window whose first page failed (offline) gets it now.
      if (this.active.has(rt.meta.chatId)) this.track(this.prepare(rt, false));
      if (rt.meta.pendingRead !== null) this.track(this.sendRead(rt));
    }
  }

  private async refreshSessions(): Promise<void> {
    const stamp = this.stampCounter;
    const lastSeqBefore = new Map([...this.chats].map(([chatId, rt]) => [chatId, rt.meta.lastSeq]));
    const seen = new Set<string>();
    let complete = false;
    for (let pageNum = 1; pageNum <= MAX_SESSION_PAGES; pageNum += 1) {
      const page = await this.transport.call(getChatSessions, { pageNum, pageSize: CHAT_SESSIONS_PAGE_SIZE });
      if (this.stopped) return;
      for (const session of page.list) {
        seen.add(session.chatId);
        await this.takeSession(session, stamp);
      }
      if (pageNum >= page.pages || page.list.length < page.pageSize) {
        complete = true;
        break;
      }
    }
    if (!complete) return;
    // The list leaves out removed chats: one missing from it was removed (on another device,
    // while this one was away), unless something happened to it here since the request left.
    // Its exact state (removing also read it) comes from the server.
    for (const rt of this.chats.values()) {
      const { chatId, lastSeq } = rt.meta;
      const moved = lastSeq !== lastSeqBefore.get(chatId);
      if (seen.has(chatId) || rt.stamp > stamp || moved || !isListed(rt.meta)) continue;
      rt.meta = { ...rt.meta, hiddenSeq: lastSeq };
      this.touch(rt);
      this.track(this.fetchSession({ chatId }));
    }
  }

  private async takeSession(session: ChatSession, stamp: number): Promise<Runtime> {
    let rt = this.chats.get(session.chatId);
    const created = !rt;
    if (!rt) {
      rt = this.addChat(
        emptyChat({
          chatId: session.chatId,
          chatType: session.chatType,
          userId: session.userId,
          nickName: session.nickName,
          portrait: session.portrait,
          userType: session.userType,
        }),
      );
    }
    // Settings changed here after the request left are newer than its answer.
    rt.meta = withSession(rt.meta, session, created || rt.stamp <= stamp);
    this.touch(rt);
    if (session.clearedSeq > rt.meta.clearedSeq) {
      await this.loaded(rt);
      if (!this.stopped) this.applyClear(rt, session.clearedSeq);
    }
    return rt;
  }

  private async fetchSession(ref: { chatId?: string; userId?: string }): Promise<Runtime> {
    const stamp = this.stampCounter;
    const session = await this.transport.call(getChatSession, ref);
    if (this.stopped) throw new Error('chat engine stopped');
    const rt = await this.takeSession(session, stamp);
    if (rt.meta.heldTo !== null && rt.meta.lastSeq > rt.meta.heldTo) this.track(this.syncChat(rt));
    return rt;
  }

  /** Everything after heldTo, page by page; one run per chat at a time. */
  private syncChat(rt: Runtime): Promise<void> {
    if (rt.sync) {
      rt.syncAgain = true;
      return rt.sync;
    }
    const run = async () => {
      do {
        rt.syncAgain = false;
        for (let page = 0; page < MAX_SYNC_PAGES; page += 1) {
          const after = rt.meta.heldTo;
          if (after === null || this.stopped) return;
          const answer = await this.transport.call(syncMessages, {
            chatId: rt.meta.chatId,
            afterSeq: after,
            limit: SYNC_LIMIT_DEFAULT,
          });
          if (this.stopped) return;
          await this.loaded(rt);
          rt.meta = { ...rt.meta, lastSeq: Math.max(rt.meta.lastSeq, answer.lastSeq) };
          this.integrate(rt, answer.list.map(fromServer), {
            kind: 'sync',
            after,
            lastSeq: answer.lastSeq,
            hasMore: answer.hasMore,
          });
          // A server that stops making progress must not keep us here.
          if (!answer.hasMore || (rt.meta.heldTo ?? after) <= after) break;
        }
      } while (rt.syncAgain && !this.stopped);
    };
    rt.sync = run().finally(() => {
      rt.sync = null;
    });
    return rt.sync;
  }

  private async fetchOlder(rt: Runtime): Promise<void> {
    await this.loaded(rt);
    const rows = rt.rows ?? [];
    // The page goes below the held range: a row under it (a late push of an older message)
    // is not where the history continues from.
    const floor = rt.meta.heldFrom ?? 0;
    let anchor: LocalMessage | undefined;
    for (const row of rows)
      if (
        row.msgId !== undefined &&
        row.seq !== undefined &&
        row.seq > floor &&
        (!anchor || row.seq < (anchor.seq ?? 0))
      )
        anchor = row;
    if (anchor && !rt.meta.hasOlder) return;
    let answer;
    try {
      answer = await this.transport.call(getChatMessages, {
        chatId: rt.meta.chatId,
        chatType: rt.meta.chatType,
        pageNum: 1,
        pageSize: PAGE_SIZE,
        ...(anchor?.msgId ? { lastMsgId: anchor.msgId } : {}),
      });
    } catch (error) {
      // The anchor was cleared meanwhile: nothing older is visible.
      if (failureOf(error).kind === 'business') {
        rt.meta = { ...rt.meta, hasOlder: false };
        this.touch(rt);
        return;
      }
      throw error;
    }
    if (this.stopped) return;
    rt.meta = withSeqs(rt.meta, answer);
    if (answer.clearedSeq > rt.meta.clearedSeq) this.applyClear(rt, answer.clearedSeq);
    const list = answer.list.map(fromServer);
    this.integrate(
      rt,
      list,
      anchor
        ? { kind: 'older', hasMore: answer.hasMore }
        : { kind: 'newest', lastSeq: answer.lastSeq, hasMore: answer.hasMore },
    );
  }

  /** A chat about to be shown: its rows, at least a page of history, and read. */
  private async prepare(rt: Runtime, opened: boolean): Promise<void> {
    await this.loaded(rt);
    if (this.stopped) return;
    const held = rt.rows?.filter((r) => r.seq !== undefined).length ?? 0;
    const hasOlder = rt.meta.heldTo === null ? rt.meta.lastSeq > rt.meta.clearedSeq : rt.meta.hasOlder;
    if (hasOlder && held < PAGE_SIZE) await this.loadOlder(rt.meta.chatId);
    if (opened || this.isOpen(rt)) this.requestRead(rt);
  }

  private async resolveChat(ref: {
    chatId?: string;
    userId?: string;
  }): Promise<{ rt: Runtime; fresh: boolean }> {
    if (ref.chatId) {
      const known = this.chats.get(ref.chatId);
      if (known) return { rt: known, fresh: false };
    } else if (ref.userId) {
      for (const rt of this.chats.values())
        if (rt.meta.chatType === 'SINGLE' && rt.meta.userId === ref.userId) return { rt, fresh: false };
    }
    const rt = await this.fetchSession(ref.chatId ? { chatId: ref.chatId } : { userId: ref.userId });
    return { rt, fresh: true };
  }

  // ── Merging ────────────────────────────────────────────────────────────────
  /**
   * Takes server messages into a chat (rows loaded): once each, in seq order; moves lastSeq,
   * readSeq and the held range; asks for the gap when one shows; reads the open chat.
   */
  private integrate(rt: Runtime, incoming: LocalMessage[], arrival: Arrival): void {
    const chatId = rt.meta.chatId;
    const cleared = rt.meta.clearedSeq;
    const fresh = incoming.filter((m) => m.seq === undefined || m.seq > cleared);
    const conflict = seqConflict(rt.rows ?? [], fresh);
    if (conflict !== null) this.forgetFrom(rt, conflict);
    // An own message stored and then cleared before its answer came: its row goes too.
    const gone = new Set(
      incoming
        .filter((m) => m.seq !== undefined && m.seq <= cleared && m.clientMsgId)
        .map((m) => m.clientMsgId),
    );
    const rows = (rt.rows ?? []).filter((r) => !(r.clientMsgId && gone.has(r.clientMsgId)));
    const merged = mergeMessages(rows, fresh);
    const ops: StorageOp[] = [
      ...merged.deleted.map((id): StorageOp => ({ op: 'deleteMessage', chatId, id })),
      ...merged.put.map((message): StorageOp => ({ op: 'putMessage', chatId, message })),
    ];
    for (const clientMsgId of gone) {
      if (!clientMsgId) continue;
      this.outbox.delivered(clientMsgId);
      ops.push(
        { op: 'deleteMessage', chatId, id: clientMsgId },
        { op: 'deleteMessage', chatId, id: noticeIdFor(clientMsgId) },
      );
    }
    const goneNotices = new Set([...gone].map((clientMsgId) => noticeIdFor(clientMsgId ?? '')));
    let next = merged.rows.filter((r) => !goneNotices.has(r.id));
    const meta = { ...rt.meta };

    for (const m of fresh) {
      if (m.seq === undefined) continue;
      meta.lastSeq = Math.max(meta.lastSeq, m.seq);
      // The server reads up to an own message or a notice when it stores it (unread.ts).
      if (m.type !== 1) meta.readSeq = Math.max(meta.readSeq, m.seq);
      meta.lastTime = Math.max(meta.lastTime, m.createTime);
      if (m.type === 2 && m.clientMsgId) {
        // The server has it: out of the outbox, and a "check network" notice no longer holds.
        this.outbox.delivered(m.clientMsgId);
        const noticeId = noticeIdFor(m.clientMsgId);
        const stale = next.find((r) => r.id === noticeId && r.notice?.key === 'chat.sendFailed');
        if (stale) {
          next = next.filter((r) => r !== stale);
          ops.push({ op: 'deleteMessage', chatId: meta.chatId, id: noticeId });
        }
      }
    }
    if (meta.pendingRead !== null && meta.readSeq >= meta.pendingRead && rt.meta.readSeq < meta.readSeq) {
      // An own message read the chat on the server too.
      meta.pendingRead = null;
    }

    const arrived = fresh.filter((m) => m.seq !== undefined).map((m) => m.seq as number);
    Object.assign(meta, nextHeldRange(meta, meta.clearedSeq, arrived, arrival, seqsOf(next)));
    meta.preview = laterPreview(meta.preview, lastVisiblePreview(next));

    rt.rows = next;
    rt.meta = meta;
    this.persist(ops);
    this.touch(rt);

    if (arrival.kind === 'live' && meta.heldTo !== null && meta.lastSeq > meta.heldTo)
      this.track(this.syncChat(rt));
    if (this.isOpen(rt)) this.requestRead(rt);
  }

  /**
   * The chat holds messages from `seq` on that the server no longer has (seqConflict): they go,
   * with the positions that counted them, and the chat's state and messages are asked again.
   */
  private forgetFrom(rt: Runtime, seq: number): void {
    const rows = rt.rows ?? [];
    const isGone = (r: LocalMessage) => r.seq !== undefined && r.seq >= seq;
    const keep = rows.filter((r) => !isGone(r));
    const below = (value: number) => Math.min(value, seq - 1);
    const meta = { ...rt.meta, lastSeq: below(rt.meta.lastSeq), readSeq: below(rt.meta.readSeq) };
    if (meta.heldTo !== null && meta.heldTo >= seq) meta.heldTo = seq - 1;
    // Nothing of the held range is left: the chat loads as one never opened here.
    if (meta.heldFrom !== null && meta.heldTo !== null && meta.heldFrom > meta.heldTo)
      meta.heldFrom = meta.heldTo = null;
    if (meta.pendingRead !== null && meta.pendingRead >= seq) meta.pendingRead = null;
    meta.preview = lastVisiblePreview(keep);
    rt.rows = keep;
    rt.meta = meta;
    this.persist(
      rows.filter(isGone).map((r): StorageOp => ({ op: 'deleteMessage', chatId: meta.chatId, id: r.id })),
    );
    this.track(this.fetchSession({ chatId: meta.chatId }));
  }

  /** Settings and seqs the server answered or told (rows need not be loaded, except to clear). */
  private async applyState(rt: Runtime, state: ChatState, settings: boolean): Promise<void> {
    let meta = withSeqs(rt.meta, state);
    if (settings) {
      meta = withSettings(meta, state);
      rt.stamp = ++this.stampCounter;
    }
    rt.meta = meta;
    this.touch(rt);
    if (state.clearedSeq > rt.meta.clearedSeq) {
      await this.loaded(rt);
      if (this.stopped) return;
      this.applyClear(rt, state.clearedSeq);
    }
    if (rt.meta.heldTo !== null && rt.meta.lastSeq > rt.meta.heldTo) this.track(this.syncChat(rt));
  }

  /** Messages up to clearedSeq are gone for this user; sends still waiting stay. */
  private applyClear(rt: Runtime, clearedSeq: number): void {
    const rows = rt.rows ?? [];
    const keep = rows.filter((r) =>
      r.seq !== undefined
        ? r.seq > clearedSeq
        : (r.type === 2 && r.clientMsgId !== undefined && this.outbox.has(r.clientMsgId)) ||
          (r.afterSeq ?? 0) > clearedSeq,
    );
    const meta = { ...rt.meta };
    meta.clearedSeq = clearedSeq;
    meta.lastSeq = Math.max(meta.lastSeq, clearedSeq);
    meta.readSeq = Math.max(meta.readSeq, clearedSeq);
    if (meta.heldFrom === null || meta.heldFrom < clearedSeq) meta.heldFrom = clearedSeq;
    if (meta.heldTo === null || meta.heldTo < clearedSeq) meta.heldTo = clearedSeq;
    meta.heldTo = advanceHeld(meta.heldTo, seqsOf(keep));
    if (meta.heldFrom <= clearedSeq) meta.hasOlder = false;
    meta.preview = lastVisiblePreview(keep);
    if (meta.pendingRead !== null && meta.pendingRead <= clearedSeq) meta.pendingRead = null;
    rt.rows = keep;
    rt.meta = meta;
    this.persist([
      { op: 'clearChat', chatId: meta.chatId },
      ...keep.map((message): StorageOp => ({ op: 'putMessage', chatId: meta.chatId, message })),
    ]);
    this.touch(rt);
  }

  // ── Reading ────────────────────────────────────────────────────────────────
  private isOpen(rt: Runtime): boolean {
    return this.active.has(rt.meta.chatId) && this.isVisible();
  }

  /** Reads the chat up to its newest seq here at once; the server is told (and told again). */
  private requestRead(rt: Runtime): void {
    const target = rt.meta.lastSeq;
    if (target > rt.meta.readSeq) {
      rt.meta = { ...rt.meta, readSeq: target, pendingRead: Math.max(rt.meta.pendingRead ?? 0, target) };
      this.touch(rt);
    }
    if (rt.meta.pendingRead !== null) this.track(this.sendRead(rt));
  }

  private async sendRead(rt: Runtime): Promise<void> {
    if (rt.reading || this.stopped) return;
    rt.reading = true;
    try {
      while (rt.meta.pendingRead !== null && !this.stopped) {
        const target = rt.meta.pendingRead;
        const state = await this.transport.call(markRead, { chatId: rt.meta.chatId, readSeq: target });
        if (this.stopped) return;
        await this.applyState(rt, state, false);
        if (rt.meta.pendingRead === target) {
          rt.meta = { ...rt.meta, pendingRead: null };
          this.touch(rt);
        }
      }
    } catch {
      // Kept in pendingRead (and on disk): sent again after the next reconnect.
    } finally {
      rt.reading = false;
    }
  }

  // ── Settings ───────────────────────────────────────────────────────────────
  private async changeSetting(
    chatId: string,
    patch: Partial<StoredChat>,
    request: () => Promise<ChatState>,
  ): Promise<void> {
    const rt = this.chats.get(chatId);
    if (!rt || this.stopped) return;
    const before = rt.meta;
    rt.meta = { ...rt.meta, ...patch };
    rt.stamp = ++this.stampCounter;
    this.touch(rt);
    try {
      const state = await request();
      if (!this.stopped) await this.applyState(rt, state, true);
    } catch (error) {
      if (this.stopped) return;
      // Back to what it was: the person sees their change did not happen, and why.
      const undo: Partial<StoredChat> = {};
      for (const key of Object.keys(patch) as (keyof StoredChat)[])
        (undo as Record<string, unknown>)[key] = before[key];
      rt.meta = { ...rt.meta, ...undo };
      this.touch(rt);
      this.toastFailure(error);
    }
  }

  private toastFailure(error: unknown): void {
    this.deps.toast?.(failureOf(error).message);
  }

  // ── Call end ───────────────────────────────────────────────────────────────
  private async checkCallRecord(): Promise<void> {
    const store = this.deps.callRecords;
    if (!store || this.callPending || this.stopped) return;
    const raw = store.read();
    if (raw === null) return;
    const call = parseCallRecord(raw, this.now());
    if (!call) {
      store.remove();
      return;
    }
    this.callPending = true;
    try {
      const { rt } = await this.resolveChat({ userId: call.userId });
      const { done } = await this.outbox.queueNew(rt.meta.chatId, call.msgType, { duration: call.duration });
      // In the outbox now: from here on it is delivered like any message.
      store.remove();
      await done;
    } finally {
      this.callPending = false;
    }
  }

  // ── State plumbing ─────────────────────────────────────────────────────────
  private addChat(meta: StoredChat): Runtime {
    const rt = newRuntime(meta);
    rt.stamp = ++this.stampCounter;
    this.chats.set(meta.chatId, rt);
    this.touch(rt);
    return rt;
  }

  /** Reads a chat's rows from the device once. A row left 'wating' with no outbox entry failed. */
  private loaded(rt: Runtime): Promise<void> {
    rt.loading ??= this.storage.loadMessages(rt.meta.chatId).then(
      (stored) => {
        const rows = stored.map((r) =>
          r.sendtype === 'wating' && !(r.clientMsgId && this.outbox.has(r.clientMsgId))
            ? { ...r, sendtype: 'error' as const }
            : r,
        );
        // Rows added before the read finished (none today) would win over the stored ones.
        rt.rows = mergeMessages(rows.sort(compareMessages), rt.rows ?? []).rows;
        this.touch(rt, false);
      },
      (error: unknown) => {
        this.report(error);
        rt.rows ??= [];
      },
    );
    return rt.loading;
  }

  private entryOf(rt: Runtime): ChatListEntry {
    rt.entry ??= toEntry(rt.meta, this.t, this.deps.remarkOf);
    return rt.entry;
  }

  private invalidate(rt: Runtime): void {
    rt.entry = null;
    rt.window = null;
  }

  /** A chat changed: its views are rebuilt, the list is saved, React is told. */
  private touch(rt: Runtime, saveList = true): void {
    const { hiddenSeq, lastSeq, chatId } = rt.meta;
    if (hiddenSeq !== null && lastSeq > hiddenSeq && !this.stopped) {
      // Back on the list: a message came after the removal (the server shows it again too).
      // What changed while it was off the list and this device away (a mute, a read, a clear
      // on another device) reached no list refresh: it is asked for once.
      rt.meta = { ...rt.meta, hiddenSeq: null };
      this.track(this.fetchSession({ chatId }));
    }
    this.invalidate(rt);
    if (saveList && !this.stopped) this.writes.touchList();
    this.emit();
  }

  private emit(): void {
    this.snapshotDirty = true;
    const { total } = this.getSnapshot();
    if (total !== this.lastBadge && !this.stopped) {
      this.lastBadge = total;
      this.deps.setBadge?.(total);
    }
    for (const listener of this.listeners) listener();
  }

  private persist(ops: StorageOp[]): void {
    if (!this.stopped) this.writes.add(ops);
  }

  /** Writes what changed now (the outbox must be on disk before a request leaves). */
  private flush(): Promise<void> {
    return this.writes.flush();
  }

  private track(promise: Promise<unknown>): void {
    const task: Promise<void> = promise
      .then(
        () => undefined,
        (error: unknown) => this.report(error),
      )
      .finally(() => this.tasks.delete(task));
    this.tasks.add(task);
  }

  /** Failed requests are expected (offline); anything else is a bug worth seeing. */
  private report(error: unknown): void {
    if (error && typeof error === 'object' && (error as { name?: unknown }).name === 'ApiError') return;
    if (error instanceof Error && error.message === 'chat engine stopped') return;
    this.deps.onError?.(error);
  }
}
