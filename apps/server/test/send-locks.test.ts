/**
 * Nodes on one PostgreSQL write into the same chats: while a node's batch of sends waits for
 * its message-id mark's sync, it holds no chat row yet, so another node's batch writing into
 * those chats is not kept waiting behind that sync (appender.ts).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { createAppender } from '../src/modules/chats/appender';
import type { IdMark } from '../src/modules/chats/id-mark';
import { befriend, sessionWith } from './support/chats';
import { seed } from './support/seed';
import { availableDialects, startTestServer } from './support/server';

const onPostgres = (await availableDialects()).includes('postgres');

describe.runIf(onPostgres)('a batch of sends on PostgreSQL', () => {
  it('syncs the message-id mark before it locks a chat row', async () => {
    const server = await startTestServer('postgres');
    const { database } = server.config;
    const otherNode = new pg.Client({
      connectionString: database.dialect === 'postgres' ? database.url : '',
    });
    let syncing = () => {};
    const syncStarted = new Promise<void>((resolve) => (syncing = resolve));
    let finishSync = () => {};
    const synced = new Promise<void>((resolve) => (finishSync = resolve));
    try {
      const [ann, ben] = await Promise.all([seed(server.url).user('ann'), seed(server.url).user('ben')]);
      await befriend(server.url, ann, ben);
      const chatId = Number((await sessionWith(server.url, ann, ben)).chatId);

      const mark: IdMark = {
        value: 0,
        cover: () => {
          syncing();
          return synced;
        },
        settle: async () => {},
        close: async () => {},
      };
      const appender = createAppender(
        server.running.app.paichat.db,
        createLogger({ logLevel: 'silent' }),
        mark,
      );
      const sent = appender.append({
        chatId,
        senderId: Number(ann.userId),
        recipientId: Number(ben.userId),
        clientMsgId: null,
        msgType: 'TEXT',
        content: { text: 'while the mark syncs' },
        createdAt: Date.now(),
      });
      await syncStarted;
      await otherNode.connect();
      await otherNode.query("set lock_timeout = '3s'");
      const other = await otherNode.query(
        'update "chats" set "last_msg_at" = "last_msg_at" where "id" = $1',
        [chatId],
      );
      expect(other.rowCount).toBe(1);
      finishSync();
      expect(await sent).toMatchObject({ stored: true, chatId });
    } finally {
      finishSync();
      await otherNode.end();
      await server.close();
    }
  });
});
