/**
 * The chat rules of @paichat/protocol/testing against the real server, on every database: the
 * same scenarios run against the web's fake server, so the fake cannot drift from this.
 */
import { GroupInfo, ServerPush, type Endpoint, type ResponseOf } from '@paichat/protocol';
import { chatScenarios, type ChatBackend, type ChatUser } from '@paichat/protocol/testing';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { as } from './support/api';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, moveMarkAhead, startTestServer, type TestServer } from './support/server';
import { TestSocket } from './support/ws';

const dialects = await availableDialects();

describe.each(dialects)('the chat rules on the real server (%s)', (dialect) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  /** A socket of the user's session, ready. */
  async function connect(user: SeededUser): Promise<TestSocket> {
    const socket = await TestSocket.forSession(server.url, user.token);
    sockets.push(socket);
    await socket.ready();
    return socket;
  }

  /** The backend: people registered through the API, each with one open socket. */
  function backend(): ChatBackend {
    const people = new Map<string, { user: SeededUser; socket: TestSocket }>();
    const of = (user: ChatUser) => {
      const person = people.get(user.userId);
      if (!person) throw new Error(`unknown user ${user.userId}`);
      return person;
    };
    const post = async (user: ChatUser, path: string, body: unknown) => {
      const { body: envelope } = await as(server.url, of(user).user).post(path, body);
      if (envelope.code !== 200) throw new Error(`${path} was refused: ${envelope.msg}`);
      return envelope.data;
    };
    return {
      async user(name) {
        const user = await seed(server.url).user(name);
        people.set(user.userId, { user, socket: await connect(user) });
        return { userId: user.userId };
      },
      befriend: (a, b) => seed(server.url).befriend(of(a).user, of(b).user),
      async createGroup(owner, others, name) {
        const data = await post(owner, '/group/create', { userIds: others.map((u) => u.userId), name });
        const { group } = GroupInfo.parse(data);
        return { groupId: group.groupId, chatId: group.chatId };
      },
      async removeFromGroup(owner, groupId, member) {
        await post(owner, '/group/removeMembers', { groupId, userIds: [member.userId] });
      },
      async dismissGroup(owner, groupId) {
        await post(owner, '/group/dismiss', { groupId });
      },
      async call<E extends Endpoint>(user: ChatUser, endpoint: E, input: unknown) {
        const api = as(server.url, of(user).user);
        const { body } =
          endpoint.method === 'GET'
            ? await api.get(endpoint.path, input as Record<string, string>)
            : await api.post(endpoint.path, input);
        if (body.code !== 200) return { ok: false, err: String(body.err ?? body.code) };
        return { ok: true, data: endpoint.response.parse(body.data) as ResponseOf<E> };
      },
      async nextPush(user, match) {
        const text = await of(user).socket.next((m) => {
          const push = ServerPush.safeParse(JSON.parse(m));
          return push.success && match(push.data);
        });
        return ServerPush.parse(JSON.parse(text));
      },
      async restart(lost) {
        await server.restart(() => moveMarkAhead(server, lost));
        for (const person of people.values()) person.socket = await connect(person.user);
      },
    };
  }

  for (const scenario of chatScenarios) it(scenario.name, () => scenario.run(backend()));
});
