/**
 * Typing in one-to-one chats (protocol receipts.ts): a socket's `typing` frame is forwarded as
 * a TYPING notice to the other member's open sockets, through the bus (so on any node), and
 * never stored. At most one per person and chat every TYPING_FORWARD_INTERVAL_MS goes on;
 * one between people who may not chat (not friends, or either blocked the other), in a group,
 * in a chat the sender is not in, or where either turned read receipts off, is dropped, and so
 * is one naming a chat beyond the TYPING_CHATS_PER_INTERVAL a person's signals may name.
 */
import { ChatType, NoticeType, TYPING_FORWARD_INTERVAL_MS, noticePush } from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { parseId } from '../../ids';
import type { Bus } from '../../realtime/bus';
import { pushToUsers } from '../../realtime/push';
import * as chatsRepo from '../chats/repo';
import * as repo from './repo';

/** Above this many remembered signals, the ones past their interval are forgotten. */
const REMEMBERED_MAX = 1_000;
/**
 * The most chats one person's signals are looked up for per interval: a person types in one
 * chat at a time, and frames naming ever new chats would otherwise each cost the lookups.
 */
export const TYPING_CHATS_PER_INTERVAL = 3;

export function createTypingRelay(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): (userId: string, chatId: string) => void {
  const { db, clock, bus, log } = deps;
  const intervalMs = deps.intervalMs ?? TYPING_FORWARD_INTERVAL_MS;
  /** When each `userId:chatId` last had a signal let through. */
  const lastForwarded = new Map<string, number>();
  /** Each person's chats looked up in the current interval: when it began, and how many. */
  const chatsLookedUp = new Map<string, { since: number; count: number }>();

  const forget = (now: number): void => {
    for (const [key, at] of lastForwarded) if (now - at >= intervalMs) lastForwarded.delete(key);
    for (const [user, { since }] of chatsLookedUp) if (now - since >= intervalMs) chatsLookedUp.delete(user);
  };

  /** Whether `userId` may have one more chat looked up in this interval (and counts it). */
  const withinChats = (userId: string, now: number): boolean => {
    const held = chatsLookedUp.get(userId);
    if (!held || now - held.since >= intervalMs) {
      chatsLookedUp.set(userId, { since: now, count: 1 });
      return true;
    }
    held.count += 1;
    return held.count <= TYPING_CHATS_PER_INTERVAL;
  };

  /** The other member, when the two may see each other typing. */
  async function recipient(userId: number, chatId: number): Promise<number | null> {
    const chat = await chatsRepo.findMemberChat(db, chatId, userId);
    if (chat?.type !== ChatType.SINGLE) return null;
    const peer = chat.user_low === userId ? chat.user_high : chat.user_low;
    if (peer === null) return null;
    const pair = await chatsRepo.loadPairContext(db, userId, peer);
    if (!pair.friends || pair.senderBlocks || pair.recipientBlocks) return null;
    const sharing = await repo.withReceiptsOn(db, [userId, peer]);
    return sharing.length === 2 ? peer : null;
  }

  return (userId, chatId) => {
    const now = clock.now();
    const key = `${userId}:${chatId}`;
    const last = lastForwarded.get(key);
    // Checked before anything is looked up: a flood of frames costs a map lookup each.
    if (last !== undefined && now - last < intervalMs) return;
    if (lastForwarded.size >= REMEMBERED_MAX || chatsLookedUp.size >= REMEMBERED_MAX) forget(now);
    if (!withinChats(userId, now)) return;
    lastForwarded.set(key, now);
    const user = parseId(userId);
    const chat = parseId(chatId);
    if (user === null || chat === null) return;
    void recipient(user, chat)
      .then((peer) => {
        if (peer === null) return;
        const notice = noticePush(NoticeType.TYPING, { chatId, userId }, clock.now());
        return pushToUsers(bus, [String(peer)], notice);
      })
      .catch((error: unknown) => log.error({ err: error }, 'typing relay failed'));
  };
}
