/**
 * A chat's history as it is opened and scrolled: which chat a reference names, at least a page
 * of messages before it shows, and the older pages: from the device while it has more, then
 * above the held range (/chat/getMessages before the held range's oldest seq).
 */
import { CHAT_MESSAGES_PAGE_SIZE, getChatMessages } from '@paichat/protocol';
import { withSeqs } from './chatState';
import type { ChatContext } from './context';
import { mayHaveOlder } from './merge';
import { fromServer } from './messages';
import type { Runtime } from './runtime';
import { failureOf } from './transport';

const PAGE_SIZE = CHAT_MESSAGES_PAGE_SIZE;

export type ChatRef = { chatId?: string; userId?: string };

export class History {
  constructor(private readonly ctx: ChatContext) {}

  /** Opens a chat by chatId, or a SINGLE chat by the friend's userId; resolves its chatId. */
  async open(ref: ChatRef): Promise<string> {
    const { rt, fresh } = await this.resolve(ref);
    // A chat known here may be stale where no push or list tells: one off the list (removed)
    // that was cleared or read on another device meanwhile, a friend renamed. Its session is
    // asked again as it opens, without making the opening wait.
    if (!fresh) this.ctx.store.track(this.ctx.sync.fetchSession({ chatId: rt.meta.chatId }));
    await this.prepare(rt, true);
    return rt.meta.chatId;
  }

  /** The chat a reference names: known here, or asked of the server (`fresh`). */
  async resolve(ref: ChatRef): Promise<{ rt: Runtime; fresh: boolean }> {
    const known = this.known(ref);
    if (known) return { rt: known, fresh: false };
    const rt = await this.ctx.sync.fetchSession(ref.chatId ? { chatId: ref.chatId } : { userId: ref.userId });
    return { rt, fresh: true };
  }

  /** The chat a reference names if this device knows it. */
  known(ref: ChatRef): Runtime | undefined {
    const { store } = this.ctx;
    if (ref.chatId) return store.chat(ref.chatId);
    if (!ref.userId) return undefined;
    for (const rt of store.all())
      if (rt.meta.chatType === 'SINGLE' && rt.meta.userId === ref.userId) return rt;
    return undefined;
  }

  /** A chat about to be shown: its rows, at least a page of history, and read. */
  async prepare(rt: Runtime, opened: boolean): Promise<void> {
    const { store, reads } = this.ctx;
    await store.loaded(rt);
    if (store.stopped) return;
    const held = rt.rows?.filter((r) => r.seq !== undefined).length ?? 0;
    if (mayHaveOlder(rt.meta) && held < PAGE_SIZE) await this.loadOlder(rt.meta.chatId);
    if (opened || reads.isShown(rt)) reads.request(rt);
  }

  /** The page before the oldest held message; one at a time per chat. */
  loadOlder(chatId: string): Promise<void> {
    const { store } = this.ctx;
    const rt = store.chat(chatId);
    if (!rt || store.stopped) return Promise.resolve();
    const work = store.work(rt, 'older', async () => {
      try {
        await this.fetchOlder(rt);
      } catch (error) {
        store.report(error);
      }
    });
    if (work.busy) return work.join();
    const done = work.join();
    // The window shows the spinner now, and hides it when the page is in.
    store.touch(rt, false);
    void done.then(() => store.touch(rt, false));
    return done;
  }

  private async fetchOlder(rt: Runtime): Promise<void> {
    const { store, transport, sync } = this.ctx;
    // What the device holds comes first; the server is asked once all of it is shown.
    if (await store.loadedOlder(rt)) return;
    // The page goes below the held range, by seq: a row under it (a late push of an older
    // message) is not where the history continues from, and a held message the server no
    // longer has (one it lost in a restore) can still be paged from.
    const { heldFrom } = rt.meta;
    const below =
      heldFrom !== null && (rt.rows ?? []).some((row) => row.seq !== undefined && row.seq > heldFrom);
    if (below && !rt.meta.hasOlder) return;
    let answer;
    try {
      answer = await transport.call(getChatMessages, {
        chatId: rt.meta.chatId,
        chatType: rt.meta.chatType,
        pageNum: 1,
        pageSize: PAGE_SIZE,
        ...(below ? { beforeSeq: heldFrom + 1 } : {}),
      });
    } catch (error) {
      // The chat is no longer this user's: nothing older is visible.
      if (failureOf(error).kind === 'business') {
        store.update(rt, { hasOlder: false });
        return;
      }
      throw error;
    }
    if (store.stopped) return;
    rt.meta = withSeqs(rt.meta, answer);
    if (answer.clearedSeq > rt.meta.clearedSeq) sync.applyClear(rt, answer.clearedSeq);
    const empty = answer.emptySeqs ?? [];
    sync.take(
      rt,
      answer.list.map(fromServer),
      below
        ? { kind: 'older', hasMore: answer.hasMore, empty }
        : { kind: 'newest', lastSeq: answer.lastSeq, hasMore: answer.hasMore, empty },
    );
  }
}
