/**
 * Group QR codes die with their maker's membership (issue 8, finding 2): a member who leaves or
 * is removed cannot walk back in with a code, theirs or another former member's, and sees
 * through a valid code exactly what a stranger sees.
 */
import type { GroupInfo } from '@paichat/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupTestbed, type GroupsClient } from './support/groups';
import type { ApiResponse } from './support/http';
import type { SeededUser } from './support/seed';
import { availableDialects, type TestServer } from './support/server';

const dialects = await availableDialects();

interface Preview {
  groupId: string;
  name: string;
  portrait: string;
  memberCount: number;
  isMember: boolean;
  expiresAt: number;
}

describe.each(dialects)('group QR codes on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  let server: TestServer;
  let g: GroupsClient;

  // alice owns the groups; bob, carol and dave are her friends; eve is a stranger to everyone.
  let alice: SeededUser, bob: SeededUser, carol: SeededUser, dave: SeededUser, eve: SeededUser;

  beforeAll(async () => {
    ({ server, g } = bed);
    [alice, bob, carol, dave, eve] = await g.users('alice', 'bob', 'carol', 'dave', 'eve');
    for (const friend of [bob, carol, dave]) await g.befriend(alice, friend);
  });

  const codeOf = async (user: SeededUser, groupId: string): Promise<string> =>
    g.ok(await g.post<{ code: string }>(user, '/group/qrCode', { groupId })).code;
  const preview = (user: SeededUser, code: string) =>
    g.post<Preview | null>(user, '/group/preview', { code });
  const join = (user: SeededUser, code: string) => g.post<GroupInfo | null>(user, '/group/join', { code });
  const remove = async (groupId: string, user: SeededUser) =>
    g.ok(await g.post(alice, '/group/removeMembers', { groupId, userIds: [user.userId] }));
  const memberIds = async (groupId: string) =>
    (await g.info(alice, groupId)).members.map((m) => m.userId).sort();

  /** A refusal that shows nothing of the group. */
  const expectRevoked = (answer: ApiResponse<unknown>) => {
    expect(answer.body).toEqual({
      code: 403,
      msg: 'This group QR code is no longer valid',
      data: null,
      err: 'groupCodeRevoked',
    });
  };

  it("refuses a removed member's own code: to them, and to anyone they gave it to", async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const bobsCode = await codeOf(bob, group.groupId);
    await remove(group.groupId, bob);
    const before = await memberIds(group.groupId);

    expectRevoked(await preview(bob, bobsCode));
    expectRevoked(await join(bob, bobsCode));
    expectRevoked(await preview(eve, bobsCode));
    expectRevoked(await join(eve, bobsCode));
    expect(await memberIds(group.groupId)).toEqual(before);
    expect(before).not.toContain(bob.userId);
  });

  it('refuses a code made by someone since removed, to another removed member', async () => {
    const { group } = await g.create(alice, [bob, carol, dave]);
    const carolsCode = await codeOf(carol, group.groupId);
    await remove(group.groupId, carol);
    await remove(group.groupId, bob);
    expectRevoked(await preview(bob, carolsCode));
    expectRevoked(await join(bob, carolsCode));
    expect(await memberIds(group.groupId)).not.toContain(bob.userId);
  });

  it('refuses the code of a member who left, to them coming back', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const bobsCode = await codeOf(bob, group.groupId);
    g.ok(await g.post(bob, '/group/quit', { groupId: group.groupId }));
    expectRevoked(await join(bob, bobsCode));
    expect(await memberIds(group.groupId)).not.toContain(bob.userId);
  });

  it('keeps the codes of a removed member dead after they are added again, and gives them a new one', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const oldCode = await codeOf(bob, group.groupId);
    await remove(group.groupId, bob);
    g.ok(await g.post(alice, '/group/addMembers', { groupId: group.groupId, userIds: [bob.userId] }));

    expectRevoked(await preview(eve, oldCode));
    const newCode = await codeOf(bob, group.groupId);
    expect(newCode).not.toBe(oldCode);
    expect(g.ok(await join(eve, newCode))?.group).toMatchObject({ myRole: 'MEMBER' });
  });

  it("lets a removed member rejoin by a current member's code, an invitation like any other", async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const bobsCode = await codeOf(bob, group.groupId);
    await remove(group.groupId, bob);
    const carolsCode = await codeOf(carol, group.groupId);
    expect(g.ok(await join(bob, carolsCode))?.group).toMatchObject({ myRole: 'MEMBER', memberCount: 3 });
    // Back in, their own old code is still dead.
    expectRevoked(await preview(eve, bobsCode));
  });

  it('shows a removed member through a valid code exactly what it shows a stranger', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    g.ok(await g.post(alice, '/group/setNotice', { groupId: group.groupId, notice: 'Members only' }));
    await remove(group.groupId, bob);
    const carolsCode = await codeOf(carol, group.groupId);

    const seenByBob = g.ok(await preview(bob, carolsCode));
    const seenByEve = g.ok(await preview(eve, carolsCode));
    expect(seenByBob).toEqual(seenByEve);
    // Its name, picture and size: nothing of its announcement, members or chat.
    const { group: now } = await g.info(alice, group.groupId);
    expect(seenByBob).toEqual({
      groupId: group.groupId,
      name: now.name,
      portrait: now.portrait,
      memberCount: 2,
      isMember: false,
      expiresAt: expect.any(Number),
    });
  });

  it('revokes every code of a dismissed group', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const codes = [await codeOf(alice, group.groupId), await codeOf(bob, group.groupId)];
    g.ok(await g.post(alice, '/group/dismiss', { groupId: group.groupId }));
    for (const code of codes) {
      expectRevoked(await preview(eve, code));
      expectRevoked(await join(eve, code));
    }
  });

  it('honours no code whose maker is no longer a member, even one never marked revoked', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    await remove(group.groupId, bob);
    // A code as one issued before revocation existed would be: its maker gone, the row unmarked.
    const code = 'pre-revocation-code-0001';
    const now = server.clock.now();
    await server.running.app.paichat.db
      .insertInto('group_invites')
      .values({
        code,
        group_id: Number(group.groupId),
        created_by: Number(bob.userId),
        created_at: now,
        expires_at: now + 60_000,
      })
      .execute();
    expectRevoked(await preview(eve, code));
    expectRevoked(await join(bob, code));
    expect(await memberIds(group.groupId)).not.toContain(bob.userId);
  });
});
