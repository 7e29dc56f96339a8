/**
 * The chat rules of @paichat/protocol/testing against this fake server: the same scenarios run
 * against the real server on every database (apps/server/test/chat-scenarios.test.ts), so a
 * rule the fake gets wrong fails here.
 */
import { describe, it } from 'vitest';
import type { ServerPush } from '@paichat/protocol';
import { chatScenarios, type ChatBackend } from '@paichat/protocol/testing';
import { FakeChatServer, type FakeDevice } from './fakeChatServer';

/** The backend: people added to the fake, each with one device listening for pushes. */
function backend(): ChatBackend {
  const server = new FakeChatServer();
  const devices = new Map<string, FakeDevice>();
  let nextUser = 1;
  /** Pushes a scenario looked for and did not take yet, per device. */
  const take = (device: FakeDevice, match: (push: ServerPush) => boolean) => {
    const index = device.pending.findIndex(match);
    if (index < 0) throw new Error(`no matching push for user ${device.userId}`);
    return device.pending.splice(index, 1)[0] as ServerPush;
  };
  return {
    async user(name) {
      const userId = String(nextUser++);
      server.addUser(userId, name);
      devices.set(userId, server.device(userId));
      return { userId };
    },
    async befriend(a, b) {
      server.befriend(a.userId, b.userId);
    },
    async createGroup(owner, others, name) {
      return server.createGroup(
        owner.userId,
        others.map((u) => u.userId),
        name,
      );
    },
    async removeFromGroup(_owner, groupId, member) {
      server.removeFromGroup(groupId, member.userId);
    },
    async dismissGroup(_owner, groupId) {
      server.dismissGroup(groupId);
    },
    async call(user, endpoint, input) {
      const answer = server.handle(user.userId, endpoint, input);
      return answer.ok
        ? { ok: true, data: answer.data as never }
        : { ok: false, err: answer.err ?? String(answer.code) };
    },
    async nextPush(user, match) {
      const device = devices.get(user.userId);
      if (!device) throw new Error(`unknown user ${user.userId}`);
      return take(device, match);
    },
    async restart(lost) {
      server.skipSeqs(lost);
    },
  };
}

describe('the chat rules on the fake server', () => {
  for (const scenario of chatScenarios) it(scenario.name, () => scenario.run(backend()));
});
