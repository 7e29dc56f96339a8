/**
 * A chat's settings (pin, mute, remove) and clearing it: applied here at once, then asked of
 * the server; a refusal puts back what was there and says why in a toast. Never rejects.
 */
import {
  clearChatMessages,
  removeChatSession,
  setChatDisturb,
  setChatTop,
  type ChatState,
} from '@paichat/protocol';
import type { ChatContext } from './context';
import type { StoredChat } from './storage';
import { failureOf } from './transport';

export class Settings {
  constructor(
    private readonly ctx: ChatContext,
    /** A failed command is told here. */
    private readonly toast: (message: string) => void,
  ) {}

  setTop(chatId: string, top: boolean): Promise<void> {
    const isTop = top ? 'Y' : 'N';
    return this.change(chatId, { isTop }, () => this.ctx.transport.call(setChatTop, { chatId, isTop }));
  }

  setDisturb(chatId: string, muted: boolean): Promise<void> {
    const isDisturb = muted ? 'Y' : 'N';
    return this.change(chatId, { isDisturb }, () =>
      this.ctx.transport.call(setChatDisturb, { chatId, isDisturb }),
    );
  }

  /** Off the list (and read) until the next message. */
  remove(chatId: string): Promise<void> {
    const rt = this.ctx.store.chat(chatId);
    const lastSeq = rt?.meta.lastSeq ?? 0;
    return this.change(
      chatId,
      { hiddenSeq: lastSeq, readSeq: Math.max(rt?.meta.readSeq ?? 0, lastSeq) },
      () => this.ctx.transport.call(removeChatSession, { chatId }),
    );
  }

  /** Clears the history for this user only (all their devices). */
  async clear(chatId: string): Promise<void> {
    const { store, transport, sync } = this.ctx;
    const rt = store.chat(chatId);
    if (!rt || store.stopped) return;
    try {
      const state = await transport.call(clearChatMessages, { chatId });
      if (!store.stopped) await sync.applyState(rt, state, true);
    } catch (error) {
      this.toast(failureOf(error).message);
    }
  }

  private async change(
    chatId: string,
    patch: Partial<StoredChat>,
    request: () => Promise<ChatState>,
  ): Promise<void> {
    const { store, sync } = this.ctx;
    const rt = store.chat(chatId);
    if (!rt || store.stopped) return;
    const before = rt.meta;
    store.stamp(rt);
    store.update(rt, patch);
    try {
      const state = await request();
      if (!store.stopped) await sync.applyState(rt, state, true);
    } catch (error) {
      if (store.stopped) return;
      // Back to what it was: the person sees their change did not happen, and why.
      const undo: Partial<StoredChat> = {};
      for (const key of Object.keys(patch) as (keyof StoredChat)[])
        (undo as Record<string, unknown>)[key] = before[key];
      store.update(rt, undo);
      this.toast(failureOf(error).message);
    }
  }
}
