/**
 * The chat engine: one per signed-in user. It owns the user's chat list and messages, keeps
 * them on the device (storage.ts), and keeps them equal to the server's, which is the truth
 * (protocol chats.ts). React only renders it: `subscribe/getSnapshot` for the list,
 * `getWindow(chatId)` for a chat, the ChatCommands for what a person does, and `dispatch`
 * for what happens around it (socket pushes and status, page visibility).
 *
 * The engine is a coordinator. What it holds is in the ChatStore (chatStore.ts); the work is
 * done by its parts, which share one ChatContext (context.ts): catch-up and pushes
 * (catchUp.ts), history pages (history.ts), reads (reads.ts), settings (settings.ts) and
 * sending (outbox.ts). The rules of merging are pure functions (merge.ts).
 *
 * The delivery protocol, from the client's side:
 * - Every message has its chat's seq. A chat remembers the range of seqs it holds without a
 *   hole (heldFrom < seq ≤ heldTo). A message that lands past heldTo + 1 (a push after a
 *   dropped one), or a server lastSeq past heldTo (a session refresh, a notice), means a gap:
 *   the engine asks /chat/syncMessages for everything after heldTo, page by page. On every
 *   (re)connect and every return to the page it refreshes the sessions and does the same for
 *   every chat that moved. So nothing is lost, whatever the socket dropped. Seqs an answer
 *   names empty (skipped by a server restored from a backup) count as held (heldRange.ts).
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
  getReactions,
  NoticeType,
  reactMsg,
  recallMsg,
  TAB_REFRESH_THROTTLE_MS,
  type ChatState,
  type MsgDeletedNotice,
  type MsgPush,
  type MsgType,
} from '@paichat/protocol';
import type { BadgeValue } from '../../lib/badge';
import type { PushSource } from '../../realtime/pushRouter';
import type { SocketStatus } from '../../realtime/SocketClient';
import { parseCallRecord } from './callEnd';
import { CatchUp } from './catchUp';
import { ChatStore, type ChatEngineSnapshot } from './chatStore';
import { applyDeletion, deleteForMe } from './deletions';
import type { ChatContext } from './context';
import { History, type ChatRef } from './history';
import { newClientMsgId } from './ids';
import { readPage, type JumpPage, type PageAt } from './jump';
import type { RemarkOf } from './messages';
import { Outbox } from './outbox';
import { Reads } from './reads';
import { ReEdits, textOf, type ReEdit } from './recall';
import { Settings } from './settings';
import type { ChatStorage } from './storage';
import { chatT, type Translate } from './texts';
import { failureOf, type ChatTransport } from './transport';
import type { ChatCommands, ChatEngineStatus, ChatWindowState, LocalMessage, ReactorsByEmoji } from './types';

export type { ChatEngineSnapshot } from './chatStore';

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
  /** Rows read from the device at a time (tests pass a small one). */
  storedPageSize?: number;
}

export type ChatEngineEvent =
  /** A message was stored in one of the user's chats. */
  | { type: 'message'; push: MsgPush }
  /** The user read, pinned, muted, removed or cleared a chat (on any of their devices). */
  | { type: 'chatState'; state: ChatState }
  /** A group's name, portrait or the user's membership changed: the chat's session says how. */
  | { type: 'groupChanged'; chatId: string }
  /** The user deleted messages for themselves (on any of their devices). */
  | { type: 'deleted'; notice: MsgDeletedNotice }
  | { type: 'connection'; status: SocketStatus }
  /** The page became visible or hidden (the engine reads isVisible()). */
  | { type: 'visibility' };

/** The pushes the chat engine hears, as its events; answers the unsubscribe. */
export function listenToChatPushes(
  pushes: PushSource,
  dispatch: (event: ChatEngineEvent) => void,
): () => void {
  const offs = [
    pushes.onMessage((push) => dispatch({ type: 'message', push })),
    pushes.on(NoticeType.CHAT_READ, (state) => dispatch({ type: 'chatState', state })),
    pushes.on(NoticeType.CHAT_UPDATED, (state) => dispatch({ type: 'chatState', state })),
    pushes.on(NoticeType.GROUP_CHANGED, ({ chatId }) => dispatch({ type: 'groupChanged', chatId })),
    pushes.on(NoticeType.MSG_DELETED, (notice) => dispatch({ type: 'deleted', notice })),
  ];
  return () => {
    for (const off of offs) off();
  };
}

export class ChatEngine implements ChatCommands {
  readonly userId: string;
  private readonly store: ChatStore;
  private readonly ctx: ChatContext;
  private readonly settings: Settings;
  private connection: SocketStatus;
  /** Events that came before the device's chats were read; handled right after. */
  private early: ChatEngineEvent[] = [];
  private refreshing: Promise<void> | null = null;
  private lastRefresh = Number.NEGATIVE_INFINITY;
  private lastShowSync = Number.NEGATIVE_INFINITY;
  private callPending = false;
  private readonly reEdits = new ReEdits();
  private readonly unsubscribes: (() => void)[] = [];

  constructor(private readonly deps: ChatEngineDeps) {
    this.userId = deps.userId;
    const t = deps.t ?? chatT;
    this.store = new ChatStore({
      userId: deps.userId,
      storage: deps.storage,
      t,
      remarkOf: deps.remarkOf,
      setBadge: deps.setBadge,
      onError: deps.onError,
      storedPageSize: deps.storedPageSize,
    });
    // The parts reach each other through the context; each is made right after it.
    const ctx: ChatContext = {
      store: this.store,
      transport: deps.transport,
      t,
      now: deps.now ?? Date.now,
      isVisible:
        deps.isVisible ?? (() => typeof document === 'undefined' || document.visibilityState !== 'hidden'),
      get sync() {
        return sync;
      },
      get history() {
        return history;
      },
      get reads() {
        return reads;
      },
      get outbox() {
        return outbox;
      },
    };
    const sync = new CatchUp(ctx, deps.syncConcurrency ?? 4);
    const history = new History(ctx);
    const reads = new Reads(ctx);
    const outbox = new Outbox(ctx, {
      userId: deps.userId,
      delay: deps.delay ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      newId: deps.newId ?? newClientMsgId,
      profile: () => deps.profile?.(),
    });
    this.ctx = ctx;
    this.settings = new Settings(ctx, (message) => deps.toast?.(message));
    // What changed while a removed chat was off the list and this device away (a mute, a read,
    // a clear on another device) reached no list refresh: it is asked for once.
    this.store.onRelisted = (rt) => this.store.track(sync.fetchSession({ chatId: rt.meta.chatId }));
    this.connection = deps.initialConnection ?? 'idle';
  }

  // ── React binding ──────────────────────────────────────────────────────────
  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  getSnapshot = (): ChatEngineSnapshot => this.store.getSnapshot();

  /** A chat's window state; the same object until that chat changes. */
  getWindow(chatId: string): ChatWindowState {
    return this.store.getWindow(chatId);
  }

  get engineStatus(): ChatEngineStatus {
    return this.store.status;
  }

  // ── Life cycle ─────────────────────────────────────────────────────────────
  /** Shows the device's chats at once, then catches up with the server. */
  async start(): Promise<void> {
    await this.store.load();
    if (this.store.stopped) return;
    // Previews are localized and name group senders by remark: either change redraws them.
    for (const subscribe of [this.deps.subscribeLocale, this.deps.subscribeRemarks])
      if (subscribe) this.unsubscribes.push(subscribe(() => this.store.redrawAll()));
    this.store.setStatus('ready');
    for (const event of this.early.splice(0)) this.dispatch(event);
    this.store.track(this.ctx.sync.syncAll());
    if (this.ctx.isVisible()) this.store.track(this.checkCallRecord());
  }

  /** Sign-out or another user: answers arriving later are ignored; pending writes finish. */
  async stop(): Promise<void> {
    if (this.store.stopped) return;
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    await this.store.stop();
  }

  /** How many messages wait in the outbox (the device's, read first while the engine starts). */
  async unsentCount(): Promise<number> {
    await this.store.load();
    return this.store.unsentItems().length;
  }

  /** Resolves when nothing is in flight (tests, and a graceful reload). */
  idle(): Promise<void> {
    return this.store.idle();
  }

  // ── Events ─────────────────────────────────────────────────────────────────
  dispatch(event: ChatEngineEvent): void {
    const { store, sync } = this.ctx;
    if (store.stopped) return;
    if (store.status === 'starting') {
      this.early.push(event);
      return;
    }
    switch (event.type) {
      case 'message':
        store.track(sync.receive(event.push));
        break;
      case 'chatState':
        store.track(sync.receiveState(event.state));
        break;
      case 'groupChanged':
        store.track(sync.fetchSession({ chatId: event.chatId }));
        break;
      case 'deleted':
        store.track(applyDeletion(this.ctx, event.notice));
        break;
      case 'connection': {
        const was = this.connection;
        this.connection = event.status;
        // Whatever happened while the socket was down is fetched now (and the outbox sent).
        if (event.status === 'open' && was !== 'open') store.track(sync.syncAll());
        break;
      }
      case 'visibility':
        if (this.ctx.isVisible()) this.onShow();
        break;
    }
  }

  /** The window of a chat is on screen until the returned function is called. */
  enter(chatId: string): () => void {
    const close = this.store.openWindow(chatId);
    const rt = this.store.chat(chatId);
    if (rt) this.store.track(this.ctx.history.prepare(rt, false));
    return close;
  }

  private onShow(): void {
    const { store, sync, reads, now } = this.ctx;
    store.track(this.checkCallRecord());
    if (now() - this.lastShowSync >= TAB_REFRESH_THROTTLE_MS) {
      this.lastShowSync = now();
      store.track(sync.syncAll());
    }
    reads.readShown();
  }

  // ── Commands ───────────────────────────────────────────────────────────────
  open(ref: ChatRef): Promise<string> {
    return this.ctx.history.open(ref);
  }

  /** The chatId a reference names when the chat is on this device (no request), else undefined. */
  knownChatId(ref: ChatRef): string | undefined {
    return this.ctx.history.known(ref)?.meta.chatId;
  }

  loadOlder(chatId: string): Promise<void> {
    return this.ctx.history.loadOlder(chatId);
  }

  readPage(chatId: string, at: PageAt): Promise<JumpPage> {
    const rt = this.store.chat(chatId);
    if (!rt) return Promise.reject(new Error(`unknown chat ${chatId}`));
    return readPage(this.ctx.transport, rt.meta, at);
  }

  async send(chatId: string, msgType: MsgType, content: unknown): Promise<void> {
    const { done } = await this.ctx.outbox.queueNew(chatId, msgType, content);
    await done;
  }

  retry(chatId: string, localId: string): Promise<void> {
    return this.ctx.outbox.retry(chatId, localId);
  }

  async recall(chatId: string, message: LocalMessage): Promise<void> {
    const rt = this.store.chat(chatId);
    if (!rt || !message.msgId) throw new Error(`no stored message to recall in chat ${chatId}`);
    const text = message.type === 2 ? textOf(message) : undefined;
    // Kept first: the event may come by push before the answer.
    if (text !== undefined) this.reEdits.keep(message.msgId, text, this.ctx.now());
    const event = await this.ctx.transport.call(recallMsg, { chatId, msgId: message.msgId });
    await this.ctx.sync.takeLive(rt, event);
  }

  deleteForMe(chatId: string, msgIds: string[]): Promise<void> {
    return deleteForMe(this.ctx, chatId, msgIds);
  }

  async react(chatId: string, message: LocalMessage, emoji: string): Promise<void> {
    const rt = this.store.chat(chatId);
    if (!rt || !message.msgId) throw new Error(`no stored message to react to in chat ${chatId}`);
    const clientMsgId = newClientMsgId();
    const input = { chatId, msgId: message.msgId, emoji, clientMsgId };
    // Once more when no answer came: under the same clientMsgId the server answers the first
    // event if there was one, so the toggle happens once.
    const event = await this.ctx.transport.call(reactMsg, input).catch((error: unknown) => {
      const { kind } = failureOf(error);
      if (kind === 'business' || kind === 'expired') throw error;
      return this.ctx.transport.call(reactMsg, input);
    });
    await this.ctx.sync.takeLive(rt, event);
  }

  whoReacted(chatId: string, msgId: string): Promise<ReactorsByEmoji> {
    return this.ctx.transport.call(getReactions, { chatId, msgId }).then((answer) => answer.list);
  }

  reEdit(msgId: string): ReEdit | undefined {
    return this.reEdits.of(msgId, this.ctx.now());
  }

  async markRead(chatId: string): Promise<void> {
    const rt = this.store.chat(chatId);
    if (!rt) return;
    this.ctx.reads.request(rt);
    await this.ctx.reads.send(rt);
  }

  setTop(chatId: string, top: boolean): Promise<void> {
    return this.settings.setTop(chatId, top);
  }

  setDisturb(chatId: string, muted: boolean): Promise<void> {
    return this.settings.setDisturb(chatId, muted);
  }

  remove(chatId: string): Promise<void> {
    return this.settings.remove(chatId);
  }

  clear(chatId: string): Promise<void> {
    return this.settings.clear(chatId);
  }

  /** Pull-to-refresh: the chats and the rest of the tabs; throttled, and one at a time. */
  refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    const now = this.ctx.now();
    if (now - this.lastRefresh < TAB_REFRESH_THROTTLE_MS || this.store.stopped) return Promise.resolve();
    this.lastRefresh = now;
    const extras = this.deps.refreshExtras?.() ?? Promise.resolve();
    this.refreshing = Promise.allSettled([extras, this.ctx.sync.syncAll()])
      .then(() => undefined)
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  // ── Call end ───────────────────────────────────────────────────────────────
  /** A call that ended while the page was away leaves a record: it is sent as a message. */
  private async checkCallRecord(): Promise<void> {
    const records = this.deps.callRecords;
    if (!records || this.callPending || this.store.stopped) return;
    const raw = records.read();
    if (raw === null) return;
    const call = parseCallRecord(raw, this.ctx.now());
    if (!call) {
      records.remove();
      return;
    }
    this.callPending = true;
    try {
      const { rt } = await this.ctx.history.resolve({ userId: call.userId });
      const { done } = await this.ctx.outbox.queueNew(rt.meta.chatId, call.msgType, {
        duration: call.duration,
      });
      // In the outbox now: from here on it is delivered like any message.
      records.remove();
      await done;
    } finally {
      this.callPending = false;
    }
  }
}
