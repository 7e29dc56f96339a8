/** Helpers for the group tests: people who are friends, groups made through the HTTP API, pushes. */
import type { GroupInfo, MsgPush, SendMsgResult, ServerMessage } from '@paichat/protocol';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { as } from './api';
import { nextMsg } from './chats';
import type { ApiResponse } from './http';
import { seed, type SeededUser } from './seed';
import { startTestServer, type DialectName, type TestServer, type TestServerOptions } from './server';
import { TestSocket } from './ws';

export function groupsClient(baseUrl: string) {
  const api = (user: { token: string }) => as(baseUrl, user);
  const people = seed(baseUrl);

  /** Answers the body's data, expecting success. */
  const ok = <T>(answer: ApiResponse<T>): T => {
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };

  return {
    api,
    ok,
    /** Registers users in order (so their ids ascend) and makes `owner` friends with the rest. */
    async users<const N extends readonly string[]>(...names: N): Promise<{ [K in keyof N]: SeededUser }> {
      const users: SeededUser[] = [];
      for (const name of names) users.push(await people.user(name));
      return users as { [K in keyof N]: SeededUser };
    },
    befriend: (a: SeededUser, b: SeededUser) => people.befriend(a, b),
    async create(owner: SeededUser, others: SeededUser[], name?: string): Promise<GroupInfo> {
      return ok(
        await api(owner).post<GroupInfo>('/group/create', {
          userIds: others.map((u) => u.userId),
          ...(name === undefined ? {} : { name }),
        }),
      );
    },
    info: async (viewer: SeededUser, groupId: string) =>
      ok(await api(viewer).get<GroupInfo>(`/group/getInfo/${groupId}`)),
    /** POST as the user; answers the raw response (refusals included). */
    post: <T = unknown>(user: { token: string }, path: string, body: unknown) =>
      api(user).post<T>(path, body),
    async send(
      from: SeededUser,
      groupId: string,
      text: string,
      clientMsgId?: string,
    ): Promise<SendMsgResult> {
      return ok(
        await api(from).post<SendMsgResult>('/group/sendMsg', {
          groupId,
          msgType: 'TEXT',
          content: { text },
          ...(clientMsgId === undefined ? {} : { clientMsgId }),
        }),
      );
    },
    /** Everything the viewer can fetch of a chat by catch-up, following hasMore. */
    async synced(viewer: SeededUser, chatId: string, afterSeq = 0): Promise<ServerMessage[]> {
      const all: ServerMessage[] = [];
      for (let after = afterSeq; ;) {
        const page = ok(
          await api(viewer).post<{ list: ServerMessage[]; hasMore: boolean }>('/chat/syncMessages', {
            chatId,
            afterSeq: after,
            limit: 100,
          }),
        );
        all.push(...page.list);
        if (!page.hasMore) return all;
        after = page.list.at(-1)?.seq ?? after;
      }
    },
  };
}

/** The next group MSG push on a socket (optionally one matching). */
export const nextGroupMsg = (
  socket: TestSocket,
  match: (push: MsgPush) => boolean = () => true,
  timeoutMs?: number,
): Promise<MsgPush> => nextMsg(socket, (push) => push.chatType === 'GROUP' && match(push), timeoutMs);

export const alertCode = (push: MsgPush): unknown => push.msgContent.content.code;

export type GroupsClient = ReturnType<typeof groupsClient>;

/**
 * For a describe block: a server of the dialect (started before its tests, closed after), the
 * group client, and sockets that close after each test.
 */
export function groupTestbed(dialect: DialectName, options: TestServerOptions = {}) {
  const sockets: TestSocket[] = [];
  const bed = {
    server: undefined as unknown as TestServer,
    g: undefined as unknown as GroupsClient,
    /** A ready socket of the user's (authenticated and registered). */
    async open(user: SeededUser): Promise<TestSocket> {
      const socket = await TestSocket.forSession(bed.server.url, user.token);
      sockets.push(socket);
      await socket.ready();
      return socket;
    },
  };
  beforeAll(async () => {
    bed.server = await startTestServer(dialect, options);
    bed.g = groupsClient(bed.server.url);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => bed.server.close());
  return bed;
}
