/**
 * Reactions on the device (docs/architecture.md, "Message actions"). A REACTION row, however it
 * arrives (push, catch-up, a page of history, the reaction's own answer), changes the held
 * target's `reactions`; the event row itself stays held, undrawn (undrawn.ts). Every summary
 * says which event it is as of (`seq`), so an event is applied once, and only when it is newer
 * than the summary the server answered with the target: repeats and older pages change nothing.
 */
import { isReactable, MsgType, parseContent, type ReactionSummary } from '@paichat/protocol';
import type { LocalMessage } from './types';

interface Event {
  seq: number;
  targetSeq: number;
  targetMsgId: string;
  emoji: string;
  on: boolean;
  own: boolean;
}

function eventOf(row: LocalMessage): Event | null {
  if (row.msgType !== MsgType.REACTION || row.seq === undefined) return null;
  const content = parseContent(MsgType.REACTION, row.content);
  return content && { ...content, seq: row.seq, own: row.type === 2 };
}

/** The seq of the message a reaction row changes (to read it from the device first), else null. */
export function reactionTargetSeq(row: LocalMessage): number | null {
  return eventOf(row)?.targetSeq ?? null;
}

/** A summary after one event. */
function withEvent(summary: ReactionSummary | undefined, event: Event): ReactionSummary {
  const list = (summary?.list ?? []).map((count) => ({ ...count }));
  const index = list.findIndex((count) => count.emoji === event.emoji);
  const count = index >= 0 ? list[index] : undefined;
  if (event.on) {
    if (count) {
      count.count += 1;
      count.mine ||= event.own;
    } else list.push({ emoji: event.emoji, count: 1, mine: event.own });
  } else if (count) {
    count.count -= 1;
    if (event.own) count.mine = false;
    if (count.count <= 0) list.splice(index, 1);
  }
  return { seq: event.seq, list };
}

/**
 * Applies the reaction events among `incoming` to `rows` (which hold them already), in seq
 * order: answers the rows and those that changed (to store).
 */
export function applyReactions(
  rows: readonly LocalMessage[],
  incoming: readonly LocalMessage[],
): { rows: LocalMessage[]; changed: LocalMessage[] } {
  const events = incoming
    .map(eventOf)
    .filter((event): event is Event => event !== null)
    .sort((a, b) => a.seq - b.seq);
  if (events.length === 0) return { rows: [...rows], changed: [] };
  const changed = new Map<string, LocalMessage>();
  const next = rows.map((row) => {
    let current = row;
    for (const event of events) {
      if (current.seq !== event.targetSeq || current.msgId !== event.targetMsgId) continue;
      if (!isReactable(current.msgType) || event.seq <= (current.reactions?.seq ?? 0)) continue;
      current = { ...current, reactions: withEvent(current.reactions, event) };
      changed.set(current.id, current);
    }
    return current;
  });
  return { rows: next, changed: [...changed.values()] };
}

/**
 * A held row's reactions once the server's copy of it comes in: the newer summary of the two
 * (the device may have applied events the answer was read before), none once it is recalled.
 */
export function mergedReactions(held: LocalMessage, server: LocalMessage): ReactionSummary | undefined {
  if (!isReactable(server.msgType)) return undefined;
  const mine = held.reactions;
  const theirs = server.reactions;
  if (!mine) return theirs;
  if (!theirs) return mine;
  return theirs.seq >= mine.seq ? theirs : mine;
}
