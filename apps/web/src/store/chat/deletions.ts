/**
 * "Delete for me" on the device (docs/architecture.md, "Message actions"). The server answers
 * deleted messages to their deleter as DELETED `{}` at their seq; a device that holds them
 * already turns them into that when told (the MSG_DELETED notice, or the answer of its own
 * request). They stay held at their seq, undrawn (undrawn.ts), so the gap check never fetches
 * them again. The chat list then previews the newest row still drawn.
 */
import { deletedSeqs, deleteMsgs, MsgType, type MsgDeletedNotice } from '@paichat/protocol';
import { lastVisiblePreview } from './chatState';
import type { ChatContext } from './context';
import type { ChatChange, ChatData } from './merge';
import type { Runtime } from './runtime';
import type { StorageOp } from './storage';

/** The chat with these seqs deleted: held rows become DELETED, the preview the newest drawn row. */
export function deleteSeqs(chat: ChatData, seqs: readonly number[]): ChatChange {
  const gone = new Set(seqs);
  const ops: StorageOp[] = [];
  const rows = chat.rows.map((row) => {
    if (row.seq === undefined || !gone.has(row.seq) || row.msgType === MsgType.DELETED) return row;
    const deleted = { ...row, msgType: MsgType.DELETED, content: {} };
    ops.push({ op: 'putMessage', chatId: chat.meta.chatId, message: deleted });
    return deleted;
  });
  const meta = { ...chat.meta };
  const shown = meta.preview?.seq;
  if (shown !== undefined && gone.has(shown)) meta.preview = lastVisiblePreview(rows);
  return { meta, rows, ops };
}

/** Applies a deletion to the chat held here (rows stored on the device included). */
export async function applyDeletion(ctx: ChatContext, { chatId, seqs }: MsgDeletedNotice): Promise<void> {
  const { store, sync } = ctx;
  const rt = store.chat(chatId);
  if (!rt || seqs.length === 0) return;
  await store.loadedFrom(rt, Math.min(...seqs));
  if (store.stopped) return;
  store.apply(rt, deleteSeqs({ meta: rt.meta, rows: rt.rows ?? [] }, seqs));
  // Nothing drawn is held to preview: the server's session names the newest one left.
  if (rt.meta.preview === null) store.track(sync.fetchSession({ chatId }));
}

/** Deletes messages for the user on the server, then here (their other devices hear MSG_DELETED). */
export async function deleteForMe(ctx: ChatContext, chatId: string, msgIds: string[]): Promise<void> {
  const answer = await ctx.transport.call(deleteMsgs, { chatId, msgIds });
  await applyDeletion(ctx, answer);
}

/**
 * The chat list counts another number of deletions than this device took in: it missed a
 * MSG_DELETED notice while it was away. It asks for the chat's deleted seqs and applies them.
 */
export async function catchUpDeletions(ctx: ChatContext, rt: Runtime, count: number): Promise<void> {
  const answer = await ctx.transport.call(deletedSeqs, { chatId: rt.meta.chatId });
  await applyDeletion(ctx, answer);
  if (!ctx.store.stopped) ctx.store.update(rt, { deletions: count });
}
