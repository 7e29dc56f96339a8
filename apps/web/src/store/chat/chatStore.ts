/**
 * What the chat engine holds: the user's chats (bookkeeping and loaded rows), the outbox
 * entries, which chat windows are open, the views React reads, and the queue that writes every
 * change to the device. The engine's parts (catch-up, history, reads, settings, the outbox) all
 * change chats through it, so every change is saved and shown the same way: `apply` or `update`
 * a chat, and `persist` the ops a step answered.
 */
import type { BadgeValue } from '../../lib/badge';
import { isListed, peerInfoOf, toEntry } from './chatState';
import { mayHaveOlder, type ChatChange } from './merge';
import { noticeIdFor } from './ids';
import { compareMessages, visibleRows, type RemarkOf } from './messages';
import { isWorking, newRuntime, workOf, type ChatWork, type Runtime } from './runtime';
import type { SingleFlight } from './singleFlight';
import type { ChatStorage, OutboxItem, StorageOp, StoredChat } from './storage';
import type { Translate } from './texts';
import type { ChatEngineStatus, ChatListEntry, ChatWindowState, LocalMessage } from './types';
import { compareEntries, totalBadge } from './unread';
import { WriteQueue } from './writeQueue';

export interface ChatStoreDeps {
  userId: string;
  storage: ChatStorage;
  t: Translate;
  remarkOf?: RemarkOf;
  /** Tab 0's badge, told when it changes. */
  setBadge?: (value: BadgeValue) => void;
  /** Unexpected errors (not a failed request): bugs worth seeing. */
  onError?: (error: unknown) => void;
  /** Rows read from the device at a time (STORED_PAGE_SIZE). */
  storedPageSize?: number;
}

/** A chat opens on this many of its newest stored rows; older ones are read as it is scrolled up. */
export const STORED_PAGE_SIZE = 50;

export interface ChatEngineSnapshot {
  status: ChatEngineStatus;
  userId: string;
  /** Listed chats, pinned first, then newest. */
  list: ChatListEntry[];
  /** Tab 0's badge (unread of unmuted chats; a dot when only muted chats have some). */
  total: BadgeValue;
  syncing: boolean;
  /** The server has answered the chat list since the start. */
  answered: boolean;
}

const EMPTY_WINDOW: ChatWindowState = Object.freeze({ messages: [], hasOlder: false, loadingOlder: false });

/** Equal as stored (a preview is a small plain object, often rebuilt with the same content). */
const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** Puts an entry into a sorted list where it belongs (binary search). */
function insertSorted(list: ChatListEntry[], entry: ChatListEntry): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareEntries(list[mid] as ChatListEntry, entry) < 0) low = mid + 1;
    else high = mid;
  }
  list.splice(low, 0, entry);
}

export class ChatStore {
  readonly userId: string;
  status: ChatEngineStatus = 'starting';
  /** Told when a removed chat is back on the list (a message came after the removal). */
  onRelisted: (rt: Runtime) => void = () => undefined;

  private readonly chats = new Map<string, Runtime>();
  private readonly unsent = new Map<string, OutboxItem>();
  /** Chats with a window open (counted: StrictMode mounts twice). */
  private readonly windows = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private snapshot: ChatEngineSnapshot;
  private snapshotDirty = true;
  /** Chats whose list entry changed since the last snapshot; null: all of them. */
  private changed: Set<string> | null = null;
  private syncing = false;
  private answered = false;
  private stampCounter = 0;
  private lastBadge: BadgeValue | undefined;
  /** React is to be told at the end of this task: settles once it has been. */
  private telling: Promise<void> | null = null;
  private readonly writes: WriteQueue;
  private readonly tasks = new Set<Promise<void>>();
  private loading: Promise<void> | null = null;

  constructor(private readonly deps: ChatStoreDeps) {
    this.userId = deps.userId;
    this.snapshot = {
      status: 'starting',
      userId: this.userId,
      list: [],
      total: 0,
      syncing: false,
      answered: false,
    };
    this.writes = new WriteQueue(
      deps.storage,
      (chatId) => this.chats.get(chatId)?.meta,
      (error) => this.report(error),
    );
  }

  get stopped(): boolean {
    return this.status === 'stopped';
  }

  /**
   * Reads the device's chats and outbox into memory, once (a failure leaves them empty); a
   * second call waits for the first.
   */
  load(): Promise<void> {
    this.loading ??= this.read();
    return this.loading;
  }

  private async read(): Promise<void> {
    try {
      const [chats, outbox] = await Promise.all([
        this.deps.storage.loadChats(),
        this.deps.storage.loadOutbox(),
      ]);
      for (const meta of chats) this.chats.set(meta.chatId, newRuntime(meta));
      for (const item of outbox) this.unsent.set(item.clientMsgId, item);
    } catch (error) {
      this.report(error);
    }
    this.changed = null;
  }

  // ── Chats ──────────────────────────────────────────────────────────────────
  chat(chatId: string): Runtime | undefined {
    return this.chats.get(chatId);
  }

  all(): IterableIterator<Runtime> {
    return this.chats.values();
  }

  add(meta: StoredChat): Runtime {
    const rt = newRuntime(meta);
    this.stamp(rt);
    this.chats.set(meta.chatId, rt);
    this.touch(rt);
    return rt;
  }

  /** Marks a change of settings made or told here (see Runtime.stamp). */
  stamp(rt: Runtime): void {
    rt.stamp = ++this.stampCounter;
  }

  /** The newest stamp given: taken before a request, to know what changed while it was away. */
  get lastStamp(): number {
    return this.stampCounter;
  }

  /** The chat's runner of one kind of work, one run at a time; a stopped store runs no more. */
  work(rt: Runtime, kind: ChatWork, run: () => Promise<void>): SingleFlight {
    return workOf(rt, kind, run, () => !this.stopped);
  }

  /** Changes a chat's bookkeeping (a patch that changes nothing writes and redraws nothing). */
  update(rt: Runtime, patch: Partial<StoredChat>): void {
    const before = rt.meta as unknown as Record<string, unknown>;
    if (Object.entries(patch).every(([key, value]) => sameValue(before[key], value))) return;
    rt.meta = { ...rt.meta, ...patch };
    this.touch(rt);
  }

  /** Takes a step's answer (merge.ts): the chat as it is now, written to the device. */
  apply(rt: Runtime, change: ChatChange): void {
    rt.rows = change.rows;
    rt.meta = change.meta;
    this.persist(change.ops);
    this.touch(rt);
  }

  /**
   * Reads a chat's newest page of rows from the device once, and its rows still in the outbox
   * (an answer or an echo finds them wherever they are placed).
   */
  loaded(rt: Runtime): Promise<void> {
    rt.loading ??= this.readStored(rt, true).catch((error: unknown) => {
      this.report(error);
      rt.rows ??= [];
    });
    return rt.loading;
  }

  /** Reads the chat's next page of stored rows (older than those read); false when none is left. */
  async loadedOlder(rt: Runtime): Promise<boolean> {
    await this.loaded(rt);
    if (rt.storedBelow === null || this.stopped) return false;
    await this.readStored(rt, false);
    return true;
  }

  /** Reads stored pages until every stored row placed at or after `key` is in memory. */
  async loadedFrom(rt: Runtime, key: number): Promise<void> {
    await this.loaded(rt);
    while (rt.storedBelow !== null && rt.storedBelow > key && !this.stopped) await this.readStored(rt, false);
  }

  /** A page of stored rows joins the chat's; a row left 'wating' with no outbox entry failed. */
  private async readStored(rt: Runtime, first: boolean): Promise<void> {
    const { storage, storedPageSize = STORED_PAGE_SIZE } = this.deps;
    const { chatId } = rt.meta;
    const started = performance.now();
    // What was changed here is written first, so the page read is not older than memory.
    await this.writes.flush();
    const unsentIds = [...this.unsent.values()]
      .filter((item) => item.chatId === chatId)
      .flatMap((item) => [item.clientMsgId, noticeIdFor(item.clientMsgId)]);
    const [page, unsentRows] = await Promise.all([
      storage.loadMessages(chatId, {
        below: first ? undefined : (rt.storedBelow ?? undefined),
        limit: storedPageSize,
      }),
      first ? storage.loadMessagesById(chatId, unsentIds) : [],
    ]);
    // What memory holds is newer than what was stored.
    const rows = new Map<string, LocalMessage>();
    for (const r of [...page.messages, ...unsentRows])
      rows.set(
        r.id,
        r.sendtype === 'wating' && !(r.clientMsgId && this.unsent.has(r.clientMsgId))
          ? { ...r, sendtype: 'error' }
          : r,
      );
    for (const r of rt.rows ?? []) rows.set(r.id, r);
    rt.rows = [...rows.values()].sort(compareMessages);
    rt.storedBelow = page.below;
    this.touch(rt, false);
    // Read by bench:long-chat (where opening a chat spends its time); never in the way.
    try {
      performance.measure('chat: stored page', { start: started });
    } catch {
      // A browser without User Timing level 3: not measured.
    }
  }

  /** A chat changed: its views are rebuilt, its entry is saved, React is told. */
  touch(rt: Runtime, save = true): void {
    const { hiddenSeq, lastSeq, chatId } = rt.meta;
    if (hiddenSeq !== null && lastSeq > hiddenSeq && !this.stopped) {
      // Back on the list: a message came after the removal (the server shows it again too).
      rt.meta = { ...rt.meta, hiddenSeq: null };
      this.onRelisted(rt);
    }
    rt.entry = null;
    rt.window = null;
    this.changed?.add(chatId);
    if (save && !this.stopped) this.writes.chatChanged(chatId);
    this.emit();
  }

  /** Every view is rebuilt (the language or the remarks changed). */
  redrawAll(): void {
    for (const rt of this.chats.values()) {
      rt.entry = null;
      rt.window = null;
    }
    this.changed = null;
    this.emit();
  }

  // ── Outbox entries ─────────────────────────────────────────────────────────
  /** Whether the message is still waiting for the server. */
  isUnsent(clientMsgId: string): boolean {
    return this.unsent.has(clientMsgId);
  }

  unsentItem(clientMsgId: string): OutboxItem | undefined {
    return this.unsent.get(clientMsgId);
  }

  /** Everything still waiting, oldest first. */
  unsentItems(): OutboxItem[] {
    return [...this.unsent.values()].sort((a, b) => a.createTime - b.createTime);
  }

  addUnsent(item: OutboxItem): void {
    this.unsent.set(item.clientMsgId, item);
    this.persist([{ op: 'putOutbox', item }]);
  }

  /** The server has the message (or refused it): its entry goes. */
  delivered(clientMsgId: string): void {
    if (this.unsent.delete(clientMsgId)) this.persist([{ op: 'deleteOutbox', clientMsgId }]);
  }

  // ── Open windows ───────────────────────────────────────────────────────────
  /** The chat's window is on screen until the returned function is called. */
  openWindow(chatId: string): () => void {
    this.windows.set(chatId, (this.windows.get(chatId) ?? 0) + 1);
    return () => {
      const left = (this.windows.get(chatId) ?? 1) - 1;
      if (left > 0) this.windows.set(chatId, left);
      else this.windows.delete(chatId);
    };
  }

  hasWindow(chatId: string): boolean {
    return this.windows.has(chatId);
  }

  openChats(): Runtime[] {
    return [...this.windows.keys()].flatMap((chatId) => this.chats.get(chatId) ?? []);
  }

  // ── React binding ──────────────────────────────────────────────────────────
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatEngineSnapshot => {
    if (!this.snapshotDirty) return this.snapshot;
    this.snapshotDirty = false;
    const list = this.changed ? this.snapshot.list.filter((e) => !this.changed?.has(e.chatId)) : [];
    const redo = this.changed
      ? [...this.changed].flatMap((id) => this.chats.get(id) ?? [])
      : this.chats.values();
    for (const rt of redo) if (isListed(rt.meta)) insertSorted(list, this.entryOf(rt));
    this.changed = new Set();
    this.snapshot = {
      status: this.status,
      userId: this.userId,
      list,
      total: totalBadge(list),
      syncing: this.syncing,
      answered: this.answered,
    };
    return this.snapshot;
  };

  /** A chat's window state; the same object until that chat changes. */
  getWindow(chatId: string): ChatWindowState {
    const rt = this.chats.get(chatId);
    if (!rt) return EMPTY_WINDOW;
    rt.window ??= {
      messages: rt.rows ? visibleRows(rt.rows) : [],
      hasOlder: rt.storedBelow !== null || mayHaveOlder(rt.meta),
      loadingOlder: isWorking(rt, 'older'),
      entry: this.entryOf(rt),
      ...peerInfoOf(rt.meta),
    };
    return rt.window;
  }

  setStatus(status: ChatEngineStatus): void {
    this.status = status;
    this.emit();
  }

  setSyncing(syncing: boolean): void {
    this.syncing = syncing;
    this.emit();
  }

  /** The server's chat list has arrived (its first page). */
  setAnswered(): void {
    if (this.answered) return;
    this.answered = true;
    this.emit();
  }

  /**
   * Tab 0's badge follows at once; React is told once the task that changed something is over:
   * however many changes it made (a page of sessions, each awaited; a burst of pushes), React
   * renders once. Told at each change, it would render between every two awaits, each time a
   * sync render (an external store's), and hold a slow phone's main thread that much longer.
   */
  emit(): void {
    this.snapshotDirty = true;
    const { total } = this.getSnapshot();
    if (total !== this.lastBadge && !this.stopped) {
      this.lastBadge = total;
      this.deps.setBadge?.(total);
    }
    this.telling ??= new Promise((told) =>
      setTimeout(() => {
        this.telling = null;
        for (const listener of this.listeners) listener();
        told();
      }),
    );
  }

  private entryOf(rt: Runtime): ChatListEntry {
    rt.entry ??= toEntry(rt.meta, this.deps.t, this.deps.remarkOf);
    return rt.entry;
  }

  // ── Writes and background work ─────────────────────────────────────────────
  persist(ops: readonly StorageOp[]): void {
    if (!this.stopped) this.writes.add(ops);
  }

  /** Writes what changed now (the outbox must be on disk before a request leaves). */
  flush(): Promise<void> {
    return this.writes.flush();
  }

  /** Runs in the background; a failure is reported, not thrown. */
  track(promise: Promise<unknown>): void {
    const task: Promise<void> = promise
      .then(
        () => undefined,
        (error: unknown) => this.report(error),
      )
      .finally(() => this.tasks.delete(task));
    this.tasks.add(task);
  }

  /** Resolves when nothing is in flight and React has been told of every change (tests, and a graceful reload). */
  async idle(): Promise<void> {
    for (let round = 0; round < 10_000; round += 1) {
      await this.writes.flush();
      if (this.tasks.size === 0 && this.writes.empty && !this.telling) return;
      await Promise.allSettled([...this.tasks, this.telling]);
    }
  }

  /** Stops: answers arriving later are ignored; what is gathered is written, then the store closes. */
  async stop(): Promise<void> {
    this.setStatus('stopped');
    await this.writes.close();
  }

  /** Failed requests are expected (offline); anything else is a bug worth seeing. */
  report(error: unknown): void {
    if (error && typeof error === 'object' && (error as { name?: unknown }).name === 'ApiError') return;
    if (error instanceof Error && error.message === 'chat engine stopped') return;
    this.deps.onError?.(error);
  }
}
