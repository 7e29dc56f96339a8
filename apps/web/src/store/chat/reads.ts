/**
 * Reading: a chat open on a visible page is read up to its newest message at once, here, and
 * the server is told (/chat/markRead), one request at a time per chat. A read the server has
 * not confirmed stays in `pendingRead` (on the device too) and is sent again after the next
 * reconnect.
 */
import { markRead } from '@paichat/protocol';
import type { ChatContext } from './context';
import type { Runtime } from './runtime';

export class Reads {
  constructor(private readonly ctx: ChatContext) {}

  /** Whether the chat is on screen: its window open and the page visible. */
  isShown(rt: Runtime): boolean {
    return this.ctx.store.hasWindow(rt.meta.chatId) && this.ctx.isVisible();
  }

  /** Reads the chat up to its newest seq here at once; the server is told (and told again). */
  request(rt: Runtime): void {
    const { store } = this.ctx;
    const target = rt.meta.lastSeq;
    if (target > rt.meta.readSeq)
      store.update(rt, { readSeq: target, pendingRead: Math.max(rt.meta.pendingRead ?? 0, target) });
    if (rt.meta.pendingRead !== null) store.track(this.send(rt));
  }

  /** The page came back: every chat on screen is read. */
  readShown(): void {
    for (const rt of this.ctx.store.openChats()) if (this.isShown(rt)) this.request(rt);
  }

  /** Tells the server the pending read; resolves when none is left (or the request failed). */
  send(rt: Runtime): Promise<void> {
    const { store } = this.ctx;
    if (store.stopped) return Promise.resolve();
    return store.work(rt, 'read', () => this.sendPending(rt)).request();
  }

  private async sendPending(rt: Runtime): Promise<void> {
    const { store, transport, sync } = this.ctx;
    try {
      while (rt.meta.pendingRead !== null && !store.stopped) {
        const target = rt.meta.pendingRead;
        const state = await transport.call(markRead, { chatId: rt.meta.chatId, readSeq: target });
        if (store.stopped) return;
        await sync.applyState(rt, state, false);
        if (rt.meta.pendingRead === target) store.update(rt, { pendingRead: null });
      }
    } catch {
      // Kept in pendingRead (and on disk): sent again after the next reconnect.
    }
  }
}
