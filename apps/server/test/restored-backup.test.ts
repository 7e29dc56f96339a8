/**
 * Finding 15 of issue 23: after a restore, the seqs the start-up guard skips (modules/chats/
 * rollback.ts) are named empty, so a client that insists on contiguous seqs does not wait for
 * them forever. The clients here are strict (support/chat-client.ts): a client moves over a seq
 * only when it received its message or the server named it empty.
 *
 * SQLite: a backup of the database file is taken while the server runs (`vacuum into`), and
 * put back with the server stopped, so the messages sent in between are lost. PostgreSQL: its
 * files cannot be put back from here; as in rollback.test.ts, the message-id mark is moved
 * ahead of the database by as many ids as the SQLite run loses (its messages stay).
 */
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ChatSession, ServerMessage } from '@paichat/protocol';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { sendText } from './support/chats';
import { ChatClient } from './support/chat-client';
import { groupsClient } from './support/groups';
import { availableDialects, moveMarkAhead, startTestServer, type TestServer } from './support/server';
import { until } from './support/until';
import type { SeededUser } from './support/seed';

const dialects = await availableDialects();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Messages sent into each of the three chats after the backup: all lost on SQLite. */
const LOST_PER_CHAT = 4;
const LOST = 3 * LOST_PER_CHAT;
/** Catch-up pages this small make the clients page across the empty seqs. */
const SYNC_LIMIT = 2;
/** What a caught-up wait allows: a few syncs and pushes on a loaded machine. */
const CATCH_UP_MS = 15_000;

/**
 * Takes a backup now; answers how to put it back while the server is stopped (and, on
 * PostgreSQL, to make the database `lost` ids behind the mark instead).
 */
async function backup(server: TestServer): Promise<(lost: number) => Promise<void>> {
  const { database, dataDir } = server.config;
  if (database.dialect === 'postgres') return (lost) => moveMarkAhead(server, lost);
  const copy = path.join(dataDir, 'backup.db');
  await sql`vacuum into ${copy}`.execute(server.running.app.paichat.db);
  return async () => {
    for (const suffix of ['-wal', '-shm']) rmSync(`${database.file}${suffix}`, { force: true });
    copyFileSync(copy, database.file);
  };
}

describe.each(dialects)('strict clients after a restored backup (%s)', (dialect) => {
  it('catch up in every chat over the seqs the server skipped, then receive new messages', async () => {
    const server = await startTestServer(dialect);
    cleanups.push(() => server.close());
    const url = server.url;
    const groups = groupsClient(url);
    const [alice, bob, carol] = await groups.users('alice', 'bob', 'carol');
    await groups.befriend(alice, bob);
    await groups.befriend(alice, carol);
    const { group } = await groups.create(alice, [bob, carol], 'Trip');
    const session = async (viewer: SeededUser, chatId: string) => {
      const { body } = await as(url, viewer).post<ChatSession>('/chat/getChatSession', { chatId });
      return body.data;
    };
    const chatWith = async (viewer: SeededUser, peer: SeededUser) =>
      (await as(url, viewer).post<ChatSession>('/chat/getChatSession', { userId: peer.userId })).body.data
        .chatId;
    const [ab, ac] = [await chatWith(bob, alice), await chatWith(carol, alice)];
    const say = async (label: string, count: number) => {
      for (let i = 0; i < count; i += 1) {
        await sendText(url, alice, bob, `${label} ab ${i}`);
        await sendText(url, alice, carol, `${label} ac ${i}`);
        await groups.send(bob, group.groupId, `${label} group ${i}`);
      }
    };
    const device = (user: SeededUser, chatId: string, held = 0) => {
      const client = new ChatClient(url, user.userId, user.token, chatId, { held, syncLimit: SYNC_LIMIT });
      cleanups.push(() => client.stop());
      client.connect();
      return { client, user };
    };
    type Device = ReturnType<typeof device>;
    const caughtUp = async (devices: Device[], what: string) => {
      await until(
        async () => {
          for (const { client, user } of devices)
            if (client.heldSeq !== (await session(user, client.chatId)).lastSeq) return false;
          return true;
        },
        what,
        { timeoutMs: CATCH_UP_MS },
      );
    };

    await say('kept', 3);
    // Online throughout: bob's phone (his chat with alice, and the group), carol's phone.
    const online = [device(bob, ab), device(bob, group.chatId), device(carol, ac)];
    // Bob's tablet goes offline here, before the backup, and comes back after the restore.
    const tablet = device(bob, ab);
    await caughtUp([...online, tablet], 'every device to catch up before the backup');
    tablet.client.stop();
    const restore = await backup(server);

    await say('lost', LOST_PER_CHAT);
    await caughtUp(online, 'the online devices to hold the messages sent after the backup');
    const heldAtRestore = online.map(({ client }) => ({ seq: client.heldSeq, shown: client.shown.length }));

    await server.restart(() => restore(LOST));
    const back = device(bob, ab, tablet.client.heldSeq);
    // Before anything new is sent, the chats' newest seqs are empty ones.
    await caughtUp([...online, back], 'every device to move over the skipped seqs');
    await say('new', 2);
    await caughtUp([...online, back], 'every device to receive the new messages');

    // Each shows, after what it held, exactly what the server now has, in order, once.
    const synced = async (viewer: SeededUser, chatId: string, afterSeq: number) => {
      const { body } = await as(url, viewer).post<{ list: ServerMessage[] }>('/chat/syncMessages', {
        chatId,
        afterSeq,
        limit: 100,
      });
      return body.data.list.map((m) => m.msgId);
    };
    for (const [i, { client, user }] of online.entries()) {
      const before = heldAtRestore[i] as { seq: number; shown: number };
      expect(client.shown.slice(before.shown).map((m) => m.msgId)).toEqual(
        await synced(user, client.chatId, before.seq),
      );
      expect(client.shown.slice(before.shown)).toHaveLength(2);
    }
    expect(back.client.shown.map((m) => m.msgId)).toEqual(await synced(bob, ab, tablet.client.heldSeq));
  }, 120_000);
});
