/**
 * Keeping the chats equal to the server's: what pushes bring, sessions, and everything a chat
 * missed. On every (re)connect and return to the page `syncAll` refreshes the sessions, then
 * fetches what every chat that moved is missing (/chat/syncMessages after its held range, page
 * by page), sends the outbox and the reads still pending. A gap a push reveals is fetched the
 * same way (`syncChat`). Server messages enter a chat only through `take`, which merges them
 * (merge.ts) and does what the merge asks for.
 */
import {
  CHAT_SESSIONS_PAGE_SIZE,
  SYNC_LIMIT_DEFAULT,
  getChatSession,
  getChatSessions,
  syncMessages,
  type ChatSession,
  type ChatState,
  type MsgPush,
  type ServerMessage,
} from '@paichat/protocol';
import { emptyChat, isListed, withSeqs, withSession, withSettings } from './chatState';
import { stoppedError, type ChatContext } from './context';
import { catchUpDeletions } from './deletions';
import type { Arrival } from './heldRange';
import { clearUpTo, integrate, isBehind } from './merge';
import { newestMention } from './mentions';
import { fromServer } from './messages';
import { recallReach } from './recall';
import type { Runtime } from './runtime';
import { SingleFlight } from './singleFlight';
import type { LocalMessage } from './types';

const MAX_SYNC_PAGES = 1_000;
const MAX_SESSION_PAGES = 50;

/** Runs `run` for every item, at most `size` at a time; one failing leaves the others. */
async function pool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await run(item);
      } catch {
        // Offline again: the next reconnect retries it.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

export class CatchUp {
  private readonly everything: SingleFlight;

  constructor(
    private readonly ctx: ChatContext,
    /** Chats caught up at once (spec: bounded). */
    private readonly concurrency: number,
  ) {
    this.everything = new SingleFlight(
      () => this.syncOnce(),
      () => !ctx.store.stopped,
    );
  }

  /** Sessions, then every chat that moved, then the outbox, then pending reads. Coalesced. */
  syncAll(): Promise<void> {
    const { store } = this.ctx;
    if (store.stopped) return Promise.resolve();
    const started = !this.everything.busy;
    const run = this.everything.request();
    if (started) {
      store.setSyncing(true);
      const done = () => store.setSyncing(false);
      void run.then(done, done);
    }
    return run;
  }

  /** Everything after the chat's held range, page by page; one run per chat at a time. */
  syncChat(rt: Runtime): Promise<void> {
    const { store } = this.ctx;
    return store.work(rt, 'sync', () => this.syncPages(rt)).request();
  }

  /** Asks the server for one chat's session and takes it (what it missed is fetched after). */
  async fetchSession(ref: { chatId?: string; userId?: string }): Promise<Runtime> {
    const { store, transport } = this.ctx;
    const stamp = store.lastStamp;
    const session = await transport.call(getChatSession, ref);
    if (store.stopped) throw stoppedError();
    const rt = await this.takeSession(session, stamp);
    if (isBehind(rt.meta)) store.track(this.syncChat(rt));
    return rt;
  }

  /** A message push: the chat (made from the push if new here) takes it. */
  async receive(push: MsgPush): Promise<void> {
    const { store } = this.ctx;
    const message = { ...push.msgContent, chatId: push.chatId, seq: push.seq };
    let rt = store.chat(push.chatId);
    const created = !rt;
    if (!rt) {
      // A chat new to this device: its entry shows at once from the push; its name (the
      // remark), settings and read position come from the server right after.
      const info = push.chatInfo;
      rt = store.add(
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
    await this.takeLive(rt, message);
    if (created) store.track(this.fetchSession({ chatId: push.chatId }));
  }

  /** One message as it happens (a push, a recall's answer) into a chat held here. */
  async takeLive(rt: Runtime, message: ServerMessage): Promise<void> {
    const { store } = this.ctx;
    // A message placed among stored rows not read yet is merged with them (by seq, by id);
    // a recall's target is read too.
    const incoming = [fromServer(message)];
    await store.loadedFrom(rt, recallReach(incoming, message.seq));
    if (store.stopped) return;
    this.take(rt, incoming, { kind: 'live' });
  }

  /** A CHAT_READ / CHAT_UPDATED notice: the user's own change, from any of their devices. */
  async receiveState(state: ChatState): Promise<void> {
    const rt = this.ctx.store.chat(state.chatId);
    if (!rt) {
      if (!state.removed) await this.fetchSession({ chatId: state.chatId });
      return;
    }
    await this.applyState(rt, state, true);
  }

  /**
   * Takes server messages into a chat (rows loaded), and follows up: a dropped stretch is asked
   * for again, a gap after a live message is fetched, an open chat is read.
   */
  take(rt: Runtime, incoming: LocalMessage[], arrival: Arrival): void {
    const { store, reads } = this.ctx;
    const result = integrate({ meta: rt.meta, rows: rt.rows ?? [] }, incoming, arrival);
    for (const clientMsgId of result.delivered) store.delivered(clientMsgId);
    store.apply(rt, result);
    const mention = newestMention(incoming, store.userId);
    if (mention > (rt.meta.mentionSeq ?? 0)) store.update(rt, { mentionSeq: mention });
    if (result.forgotFrom !== null) store.track(this.fetchSession({ chatId: rt.meta.chatId }));
    if (arrival.kind === 'live' && isBehind(rt.meta)) store.track(this.syncChat(rt));
    if (reads.isShown(rt)) reads.request(rt);
  }

  /** Settings and seqs the server answered or told (rows need not be loaded, except to clear). */
  async applyState(rt: Runtime, state: ChatState, settings: boolean): Promise<void> {
    const { store } = this.ctx;
    let meta = withSeqs(rt.meta, state);
    if (settings) {
      meta = withSettings(meta, state);
      store.stamp(rt);
    }
    store.update(rt, meta);
    if (state.clearedSeq > rt.meta.clearedSeq) {
      await store.loaded(rt);
      if (store.stopped) return;
      this.applyClear(rt, state.clearedSeq);
    }
    if (isBehind(rt.meta)) store.track(this.syncChat(rt));
  }

  /** Messages up to clearedSeq are gone for this user; sends still waiting stay. */
  applyClear(rt: Runtime, clearedSeq: number): void {
    const { store } = this.ctx;
    store.apply(
      rt,
      clearUpTo({ meta: rt.meta, rows: rt.rows ?? [] }, clearedSeq, (id) => store.isUnsent(id)),
    );
  }

  private async syncOnce(): Promise<void> {
    const { store, outbox, history, reads } = this.ctx;
    // Offline: this throws, and the next reconnect or return to the page tries again.
    await this.refreshSessions();
    if (store.stopped) return;
    const due = [...store.all()].filter((rt) => isBehind(rt.meta));
    await Promise.all([pool(due, this.concurrency, (rt) => this.syncChat(rt)), outbox.sendAll()]);
    // An open window whose first page failed (offline) gets it now.
    for (const rt of store.openChats()) store.track(history.prepare(rt, false));
    for (const rt of store.all()) if (rt.meta.pendingRead !== null) store.track(reads.send(rt));
  }

  private async refreshSessions(): Promise<void> {
    const { store, transport } = this.ctx;
    const stamp = store.lastStamp;
    const lastSeqBefore = new Map([...store.all()].map((rt) => [rt.meta.chatId, rt.meta.lastSeq]));
    const seen = new Set<string>();
    let complete = false;
    for (let pageNum = 1; pageNum <= MAX_SESSION_PAGES; pageNum += 1) {
      const page = await transport.call(getChatSessions, { pageNum, pageSize: CHAT_SESSIONS_PAGE_SIZE });
      if (store.stopped) return;
      for (const session of page.list) {
        seen.add(session.chatId);
        await this.takeSession(session, stamp);
      }
      store.setAnswered();
      if (pageNum >= page.pages || page.list.length < page.pageSize) {
        complete = true;
        break;
      }
    }
    if (!complete) return;
    // The list leaves out removed chats: one missing from it was removed (on another device,
    // while this one was away), unless something happened to it here since the request left.
    // Its exact state (removing also read it) comes from the server.
    for (const rt of store.all()) {
      const { chatId, lastSeq } = rt.meta;
      const moved = lastSeq !== lastSeqBefore.get(chatId);
      if (seen.has(chatId) || rt.stamp > stamp || moved || !isListed(rt.meta)) continue;
      store.update(rt, { hiddenSeq: lastSeq });
      store.track(this.fetchSession({ chatId }));
    }
  }

  private async takeSession(session: ChatSession, stamp: number): Promise<Runtime> {
    const { store } = this.ctx;
    let rt = store.chat(session.chatId);
    const created = !rt;
    rt ??= store.add(
      emptyChat({
        chatId: session.chatId,
        chatType: session.chatType,
        userId: session.userId,
        nickName: session.nickName,
        portrait: session.portrait,
        userType: session.userType,
      }),
    );
    // Settings changed here after the request left are newer than its answer.
    store.update(rt, withSession(rt.meta, session, created || rt.stamp <= stamp));
    if (session.clearedSeq > rt.meta.clearedSeq) {
      await store.loaded(rt);
      if (!store.stopped) this.applyClear(rt, session.clearedSeq);
    }
    const deletions = session.deletions ?? 0;
    if (deletions !== (rt.meta.deletions ?? 0)) store.track(catchUpDeletions(this.ctx, rt, deletions));
    return rt;
  }

  private async syncPages(rt: Runtime): Promise<void> {
    const { store, transport } = this.ctx;
    for (let page = 0; page < MAX_SYNC_PAGES; page += 1) {
      const after = rt.meta.heldTo;
      if (after === null || store.stopped) return;
      const answer = await transport.call(syncMessages, {
        chatId: rt.meta.chatId,
        afterSeq: after,
        limit: SYNC_LIMIT_DEFAULT,
      });
      if (store.stopped) return;
      const incoming = answer.list.map(fromServer);
      await store.loadedFrom(rt, recallReach(incoming, after + 1));
      rt.meta = { ...rt.meta, lastSeq: Math.max(rt.meta.lastSeq, answer.lastSeq) };
      this.take(rt, incoming, {
        kind: 'sync',
        after,
        lastSeq: answer.lastSeq,
        hasMore: answer.hasMore,
        empty: answer.emptySeqs ?? [],
      });
      // A server that stops making progress must not keep us here.
      if (!answer.hasMore || (rt.meta.heldTo ?? after) <= after) return;
    }
  }
}
