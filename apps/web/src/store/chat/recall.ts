/**
 * Recall on the device (docs/architecture.md, "Message actions"). A RECALL event, however it
 * arrives (push, catch-up, a page of history, the recall's own answer), turns the held target
 * into RECALLED and takes the snippet out of held replies that quote it; the event row itself
 * stays held, undrawn (undrawn.ts). The text of an own message recalled here is kept for a
 * while (ReEdits), for the recalled row's "Re-edit".
 */
import { MsgType, parseContent } from '@paichat/protocol';
import { reactionTargetSeq } from './reactions';
import type { LocalMessage } from './types';

/** How long a recalled text can be put back into the input box (WeChat: 5 minutes). */
export const RE_EDIT_MS = 5 * 60_000;

interface Target {
  seq: number;
  msgId: string;
  byId: string;
  byName: string;
}

function targetOf(event: LocalMessage): Target | null {
  if (event.msgType !== MsgType.RECALL) return null;
  const content = parseContent(MsgType.RECALL, event.content);
  if (!content) return null;
  return {
    seq: content.targetSeq,
    msgId: content.targetMsgId,
    byId: event.fromId,
    // As the server names who recalled: their group nickname, else their nickname.
    byName: event.groupNick || event.nickName,
  };
}

/** The lowest seq that taking these rows may change: `from`, or a recall's or reaction's older target. */
export function recallReach(incoming: readonly LocalMessage[], from: number): number {
  let lowest = from;
  for (const row of incoming) {
    const target = targetOf(row)?.seq ?? reactionTargetSeq(row);
    if (target !== null && target < lowest) lowest = target;
  }
  return lowest;
}

function quotes(row: LocalMessage, msgId: string): boolean {
  if (row.msgType !== MsgType.TEXT) return false;
  const quote = parseContent(MsgType.TEXT, row.content)?.quote;
  return quote !== undefined && quote.msgId === msgId && !quote.recalled;
}

/**
 * Applies the recall events among `incoming` to `rows` (which hold them already): answers the
 * rows and those that changed (to store).
 */
/** A row a recall still changes: not one already recalled, nor one this person deleted. */
const isRecallableRow = (row: LocalMessage): boolean =>
  row.msgType !== MsgType.RECALLED && row.msgType !== MsgType.DELETED;

export function applyRecalls(
  rows: readonly LocalMessage[],
  incoming: readonly LocalMessage[],
): { rows: LocalMessage[]; changed: LocalMessage[] } {
  const targets = incoming.map(targetOf).filter((target): target is Target => target !== null);
  if (targets.length === 0) return { rows: [...rows], changed: [] };
  const changed: LocalMessage[] = [];
  const next = rows.map((row) => {
    for (const target of targets) {
      if (row.seq === target.seq && row.msgId === target.msgId && isRecallableRow(row)) {
        const recalled: LocalMessage = {
          ...row,
          msgType: MsgType.RECALLED,
          content: { byId: target.byId, byName: target.byName },
        };
        // Its reactions go with it.
        delete recalled.reactions;
        changed.push(recalled);
        return recalled;
      }
      if (quotes(row, target.msgId)) {
        const content = row.content as { quote: Record<string, unknown> };
        const scrubbed: LocalMessage = {
          ...row,
          content: { ...content, quote: { ...content.quote, snippet: '', recalled: true } },
        };
        changed.push(scrubbed);
        return scrubbed;
      }
    }
    return row;
  });
  return { rows: next, changed };
}

/** A text message's words (what Re-edit puts back). */
export const textOf = (message: LocalMessage): string | undefined =>
  message.msgType === MsgType.TEXT ? parseContent(MsgType.TEXT, message.content)?.text : undefined;

/** A recalled text that may be put back into the input box until `until` (ms). */
export interface ReEdit {
  text: string;
  until: number;
}

/** Texts of own messages recalled on this device, by msgId, for a while (RE_EDIT_MS). */
export class ReEdits {
  private readonly kept = new Map<string, ReEdit>();

  keep(msgId: string, text: string, now: number): void {
    this.kept.set(msgId, { text, until: now + RE_EDIT_MS });
  }

  /** The recalled text, while it may still be re-edited. */
  of(msgId: string, now: number): ReEdit | undefined {
    const kept = this.kept.get(msgId);
    if (!kept || kept.until > now) return kept;
    this.kept.delete(msgId);
    return undefined;
  }
}
