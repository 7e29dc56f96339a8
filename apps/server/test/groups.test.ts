import type { ChatSession, GroupInfo, GroupView, ServerMessage } from '@paichat/protocol';
import { GROUP_QR_TTL_MS } from '@paichat/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sessionsOf, upload } from './support/chats';
import { alertCode, groupTestbed, nextGroupMsg, type GroupsClient } from './support/groups';
import { get, post } from './support/http';
import type { SeededUser } from './support/seed';
import { availableDialects, type TestServer } from './support/server';

const dialects = await availableDialects();

/** A message as the tests compare it: a notice's code, or a text's words. */
const shown = (m: ServerMessage) => (m.msgType === 'ALERT' ? m.content.code : m.content.text);

type Role = 'owner' | 'member' | 'removed' | 'stranger' | 'anonymous';
/** What an answer looks like to a client: success, or the refusal's `err`. */
type Outcome = 'ok' | 'notGroupOwner' | 'notGroupMember' | 'groupNotFound' | 'unauthorized';

describe.each(dialects)('groups on %s', (dialect) => {
  const bed = groupTestbed(dialect);
  const { open } = bed;
  let server: TestServer;
  let g: GroupsClient;

  // alice knows everyone; frank is bob's friend only; eve is nobody's friend.
  let alice: SeededUser, bob: SeededUser, carol: SeededUser, dave: SeededUser;
  let eve: SeededUser, frank: SeededUser;

  beforeAll(async () => {
    ({ server, g } = bed);
    [alice, bob, carol, dave, eve, frank] = await g.users('alice', 'bob', 'carol', 'dave', 'eve', 'frank');
    for (const friend of [bob, carol, dave]) await g.befriend(alice, friend);
    await g.befriend(bob, frank);
  });

  it('creates a group with a default name, a composed portrait and a notice every member receives', async () => {
    const [aliceSocket, bobSocket, carolSocket] = [await open(alice), await open(bob), await open(carol)];
    const { group, members } = await g.create(alice, [carol, bob]);
    expect(group).toEqual({
      groupId: expect.stringMatching(/^\d+$/),
      chatId: expect.stringMatching(/^\d+$/),
      name: 'Alice, Bob, Carol',
      nameIsDefault: true,
      portrait: expect.stringMatching(/^\/file\/[0-9a-f]{32}\.webp$/),
      faces: [
        { nickName: 'Alice', portrait: '' },
        { nickName: 'Bob', portrait: '' },
        { nickName: 'Carol', portrait: '' },
      ],
      notice: '',
      noticeTime: 0,
      ownerId: alice.userId,
      memberCount: 3,
      status: 'ACTIVE',
      myRole: 'OWNER',
      myGroupNick: '',
      saved: 'N',
      isTop: 'N',
      isDisturb: 'N',
      createdAt: server.clock.now(),
    } satisfies GroupView);
    expect(members.map((m) => [m.nickName, m.role])).toEqual([
      ['Alice', 'OWNER'],
      ['Bob', 'MEMBER'],
      ['Carol', 'MEMBER'],
    ]);

    // The portrait is an image every member can load like any other file.
    const picture = await fetch(`${server.url}${group.portrait}`, { headers: { authorization: bob.token } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    const groupParty = { userId: group.groupId, nickName: 'Alice, Bob, Carol', portrait: group.portrait };
    for (const socket of [aliceSocket, bobSocket, carolSocket]) {
      const push = await nextGroupMsg(socket);
      expect(push).toMatchObject({
        chatId: group.chatId,
        seq: 1,
        chatInfo: groupParty,
        groupInfo: groupParty,
      });
      expect(push.msgContent).toMatchObject({
        fromId: '0',
        toId: group.groupId,
        talkType: 'GROUP',
        msgType: 'ALERT',
        content: {
          code: 'groupCreated',
          text: 'Alice invited Bob, Carol to the group chat',
          params: { name: 'Alice', names: 'Bob, Carol' },
        },
      });
      expect(await socket.nextNotice('GROUP_CHANGED')).toMatchObject({
        msgContent: { groupId: group.groupId, chatId: group.chatId, change: 'created' },
      });
    }

    const session = (await sessionsOf(server.url, bob)).find((s) => s.chatId === group.chatId);
    expect(session).toMatchObject({
      chatType: 'GROUP',
      userId: group.groupId,
      groupId: group.groupId,
      groupStatus: 'ACTIVE',
      nickName: 'Alice, Bob, Carol',
      portrait: group.portrait,
      faces: group.faces,
      lastSeq: 1,
      unreadCount: 0,
      lastContent: 'Alice invited Bob, Carol to the group chat',
    } satisfies Partial<ChatSession>);
  });

  it('refuses to create a group without two friends besides the creator', async () => {
    const attempt = (user: SeededUser, userIds: string[]) => g.post(user, '/group/create', { userIds });
    const onlyOne = await attempt(alice, [bob.userId]);
    expect(onlyOne.status).toBe(400);
    expect(onlyOne.body).toMatchObject({ code: 400, err: 'validation' });
    const sameTwice = await attempt(alice, [bob.userId, bob.userId, alice.userId]);
    expect(sameTwice.status).toBe(400);
    expect(sameTwice.body.msg).toMatch(/at least 2/);
    expect((await attempt(alice, [bob.userId, eve.userId])).body.err).toBe('notFriends');
    expect(
      (await post(server.url, '/group/create', { body: { userIds: [bob.userId, carol.userId] } })).status,
    ).toBe(401);
  });

  describe('every action by role', () => {
    /** A fresh group: alice owns it, bob and dave are members, carol was removed; eve is a stranger. */
    async function freshGroup(): Promise<GroupInfo['group']> {
      const { group } = await g.create(alice, [bob, carol, dave]);
      g.ok(await g.post(alice, '/group/removeMembers', { groupId: group.groupId, userIds: [carol.userId] }));
      return group;
    }
    const callers = (): Record<Exclude<Role, 'anonymous'>, SeededUser> => ({
      owner: alice,
      member: bob,
      removed: carol,
      stranger: eve,
    });
    const outcomeOf = (answer: { status: number; body: { code: number; err?: string } }): Outcome => {
      if (answer.status === 401) return 'unauthorized';
      return answer.body.code === 200 ? 'ok' : (answer.body.err as Outcome);
    };

    const anyMember: Record<Role, Outcome> = {
      anonymous: 'unauthorized',
      stranger: 'groupNotFound',
      removed: 'notGroupMember',
      member: 'ok',
      owner: 'ok',
    };
    const ownerOnly: Record<Role, Outcome> = { ...anyMember, member: 'notGroupOwner' };

    // Callers run in this order, so the allowed ones (which may change the group) come last.
    const order: Role[] = ['anonymous', 'stranger', 'removed', 'member', 'owner'];
    const actions: [
      path: string,
      body: (groupId: string, caller: Role) => object,
      expected: Record<Role, Outcome>,
    ][] = [
      [
        '/group/addMembers',
        (groupId, caller) => ({ groupId, userIds: [caller === 'member' ? frank.userId : dave.userId] }),
        anyMember,
      ],
      ['/group/removeMembers', (groupId) => ({ groupId, userIds: [dave.userId] }), ownerOnly],
      ['/group/rename', (groupId) => ({ groupId, name: 'Book club' }), ownerOnly],
      ['/group/setNotice', (groupId) => ({ groupId, notice: 'Meet on Friday' }), ownerOnly],
      ['/group/setNick', (groupId) => ({ groupId, groupNick: 'Nick' }), anyMember],
      ['/group/setSaved', (groupId) => ({ groupId, saved: 'Y' }), anyMember],
      ['/group/qrCode', (groupId) => ({ groupId }), anyMember],
      ['/group/transfer', (groupId) => ({ groupId, userId: dave.userId }), ownerOnly],
      ['/group/quit', (groupId) => ({ groupId }), anyMember],
      ['/group/dismiss', (groupId) => ({ groupId }), ownerOnly],
    ];

    it.each(actions)('%s', async (path, body, expected) => {
      const group = await freshGroup();
      for (const role of order) {
        const answer =
          role === 'anonymous'
            ? await post(server.url, path, { body: body(group.groupId, role) })
            : await g.post(callers()[role], path, body(group.groupId, role));
        expect([role, outcomeOf(answer)], answer.body.msg).toEqual([role, expected[role]]);
      }
    });

    it('/group/getInfo and /group/sendMsg', async () => {
      const group = await freshGroup();
      const info = (user?: SeededUser) =>
        get<GroupInfo>(server.url, `/group/getInfo/${group.groupId}`, user ? { token: user.token } : {});
      expect((await info()).status).toBe(401);
      expect((await info(eve)).body.err).toBe('groupNotFound');
      // A former member still sees the group, as a former member: no members, no role.
      expect((await info(carol)).body.data).toMatchObject({
        group: { status: 'LEFT', myRole: null, memberCount: 3 },
        members: [],
      });
      expect((await info(bob)).body.data).toMatchObject({ group: { status: 'ACTIVE', myRole: 'MEMBER' } });
      expect((await info(bob)).body.data.members.map((m) => m.userId)).toEqual([
        alice.userId,
        bob.userId,
        dave.userId,
      ]);

      const send = (user: SeededUser | null) => {
        const body = { groupId: group.groupId, msgType: 'TEXT', content: { text: 'hi' } };
        return user
          ? g.post<{ status: string; statusCode: string }>(user, '/group/sendMsg', body)
          : post(server.url, '/group/sendMsg', { body });
      };
      expect((await send(null)).status).toBe(401);
      for (const [user, status, statusCode] of [
        [eve, '4', 'notGroupMember'],
        [carol, '4', 'notGroupMember'],
        [bob, '0', 'ok'],
        [alice, '0', 'ok'],
      ] as const) {
        expect((await send(user)).body.data).toMatchObject({ status, statusCode });
      }
      const missing = await g.post(bob, '/group/sendMsg', {
        groupId: '999999',
        msgType: 'TEXT',
        content: { text: 'x' },
      });
      expect(missing.body.err).toBe('groupNotFound');
    });
  });

  it('lets a member add only their own friends, up to the size limit', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    // frank is bob's friend, not alice's.
    expect(
      (await g.post(alice, '/group/addMembers', { groupId: group.groupId, userIds: [frank.userId] })).body
        .err,
    ).toBe('notFriends');
    const bobSocket = await open(bob);
    const added = g.ok(
      await g.post<GroupInfo>(bob, '/group/addMembers', { groupId: group.groupId, userIds: [frank.userId] }),
    );
    expect(added.members.map((m) => m.nickName)).toEqual(['Alice', 'Bob', 'Carol', 'Frank']);
    // The default name follows the members; the portrait is remade.
    expect(added.group.name).toBe('Alice, Bob, Carol, Frank');
    expect(added.group.portrait).not.toBe(group.portrait);
    const notice = await nextGroupMsg(bobSocket, (p) => alertCode(p) === 'groupInvited');
    expect(notice.msgContent.content).toMatchObject({ text: 'Bob invited Frank to the group chat' });
    // frank's history starts with the notice of his joining.
    const franksView = await g.synced(frank, group.chatId);
    expect(franksView.map((m) => m.content.code)).toEqual(['groupInvited']);
  });

  it('renames, posts an announcement the members are told of, and shows nicknames and remarks', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const bobSocket = await open(bob);
    server.clock.advance(1000);
    g.ok(await g.post(alice, '/group/rename', { groupId: group.groupId, name: '  Book club ' }));
    g.ok(await g.post(alice, '/group/setNotice', { groupId: group.groupId, notice: 'Meet on Friday' }));
    const renamed = await nextGroupMsg(bobSocket, (p) => alertCode(p) === 'groupRenamed');
    expect(renamed.msgContent.content).toMatchObject({ text: 'Alice changed the group name to "Book club"' });
    expect(renamed.groupInfo?.nickName).toBe('Book club');
    const announced = await nextGroupMsg(bobSocket, (p) => alertCode(p) === 'groupNotice');
    expect(announced.msgContent.content).toMatchObject({
      text: 'Alice updated the group announcement: Meet on Friday',
      params: { name: 'Alice', notice: 'Meet on Friday' },
    });
    g.ok(await g.post(bob, '/group/setNick', { groupId: group.groupId, groupNick: 'Bobby' }));
    await g.post(alice, '/friend/setRemark', { userId: carol.userId, remark: 'Caz' });
    const seenByAlice = await g.info(alice, group.groupId);
    expect(seenByAlice.group).toMatchObject({
      name: 'Book club',
      nameIsDefault: false,
      notice: 'Meet on Friday',
    });
    expect(seenByAlice.group.noticeTime).toBe(server.clock.now());
    const shown = Object.fromEntries(seenByAlice.members.map((m) => [m.nickName, m.showName]));
    expect(shown).toEqual({ Alice: 'Alice', Bob: 'Bobby', Carol: expect.stringMatching(/^(Caz|Carol)$/) });
    expect((await g.info(bob, group.groupId)).group.myGroupNick).toBe('Bobby');
  });

  it('saves a group to the contacts list and takes it off', async () => {
    const { group } = await g.create(alice, [bob, carol], 'Saved one');
    g.ok(await g.post(bob, '/group/setSaved', { groupId: group.groupId, saved: 'Y' }));
    const list = g.ok(await g.post<{ list: GroupView[] }>(bob, '/group/listSaved', {})).list;
    expect(list.map((v) => [v.name, v.saved])).toContainEqual(['Saved one', 'Y']);
    expect(
      g.ok(await g.post<{ list: GroupView[] }>(alice, '/group/listSaved', {})).list.map((v) => v.groupId),
    ).not.toContain(group.groupId);
    g.ok(await g.post(bob, '/group/setSaved', { groupId: group.groupId, saved: 'N' }));
    expect(
      g.ok(await g.post<{ list: GroupView[] }>(bob, '/group/listSaved', {})).list.map((v) => v.groupId),
    ).not.toContain(group.groupId);
  });

  it("names the first nine members by joining, whose faces draw the group's picture, to members only, as they look now", async () => {
    const people = await g.users('gina', 'hal', 'ivy', 'jo', 'kim', 'lu', 'max', 'ned', 'oz', 'pia');
    const [gina, hal, ivy] = people;
    for (const other of people.slice(1)) await g.befriend(gina, other);
    const { group } = await g.create(gina, people.slice(1, 3));
    const { group: big } = await g.create(gina, people.slice(1));
    // A photo and a new name show at once, in every answer that shows the group.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const photo = (await upload(server.url, hal, png, 'me.png', '/file/upload?purpose=avatar')).url;
    g.ok(await g.post(hal, '/my/updateInfo', { portrait: photo, nickName: 'Hal 2' }));
    const faces = [
      { nickName: 'Gina', portrait: '' },
      { nickName: 'Hal 2', portrait: photo },
      { nickName: 'Ivy', portrait: '' },
    ];
    expect((await g.info(ivy, group.groupId)).group.faces).toEqual(faces);
    const sessions = await sessionsOf(server.url, ivy);
    expect(sessions.find((s) => s.chatId === group.chatId)?.faces).toEqual(faces);
    // Nine of ten, the first by joining.
    expect((await g.info(ivy, big.groupId)).group.faces.map((f) => f.nickName)).toEqual([
      'Gina',
      'Hal 2',
      'Ivy',
      'Jo',
      'Kim',
      'Lu',
      'Max',
      'Ned',
      'Oz',
    ]);
    g.ok(await g.post(ivy, '/group/setSaved', { groupId: big.groupId, saved: 'Y' }));
    const saved = g.ok(await g.post<{ list: GroupView[] }>(ivy, '/group/listSaved', {})).list;
    expect(saved.find((v) => v.groupId === big.groupId)?.faces).toHaveLength(9);
    // A former member sees the picture, not who is in the group now.
    g.ok(await g.post(ivy, '/group/quit', { groupId: group.groupId }));
    expect((await g.info(ivy, group.groupId)).group.faces).toEqual([]);
    const left = (await sessionsOf(server.url, ivy)).find((s) => s.chatId === group.chatId);
    expect(left === undefined || left.faces === undefined).toBe(true);
    expect((await g.info(gina, group.groupId)).group.faces.map((f) => f.nickName)).toEqual(['Gina', 'Hal 2']);
  });

  it('passes ownership of a quitting owner to the longest-standing member, and takes the chat off their list', async () => {
    const { group } = await g.create(alice, [bob, carol, dave]);
    // bob leaves and comes back: carol has now been in the group longest, though bob's id is lower.
    g.ok(await g.post(alice, '/group/removeMembers', { groupId: group.groupId, userIds: [bob.userId] }));
    server.clock.advance(60_000);
    g.ok(await g.post(alice, '/group/addMembers', { groupId: group.groupId, userIds: [bob.userId] }));
    const carolSocket = await open(carol);
    const quit = g.ok(
      await g.post<{ groupId: string; chatId: string }>(alice, '/group/quit', { groupId: group.groupId }),
    );
    expect(quit).toEqual({ groupId: group.groupId, chatId: group.chatId });

    const left = await nextGroupMsg(carolSocket, (p) => alertCode(p) === 'groupLeft');
    const owner = await nextGroupMsg(carolSocket, (p) => alertCode(p) === 'groupOwner');
    expect(left.msgContent.content).toMatchObject({ text: 'Alice left the group chat' });
    expect(owner.msgContent.content).toMatchObject({ text: 'Carol is now the group owner' });
    expect(owner.seq).toBe(left.seq + 1);
    const info = await g.info(carol, group.groupId);
    expect(info.group).toMatchObject({ ownerId: carol.userId, myRole: 'OWNER', memberCount: 3 });
    expect(info.members[0]).toMatchObject({ userId: carol.userId, role: 'OWNER' });

    // Alice keeps her history up to her leaving, off her list, read-only.
    expect((await sessionsOf(server.url, alice)).map((s) => s.chatId)).not.toContain(group.chatId);
    const session = g.ok(await g.post<ChatSession>(alice, '/chat/getChatSession', { chatId: group.chatId }));
    expect(session).toMatchObject({ groupStatus: 'LEFT', lastSeq: left.seq, unreadCount: 0, removed: true });
    const history = await g.synced(alice, group.chatId);
    expect(history.at(-1)?.seq).toBe(left.seq);
    expect((await g.post(alice, '/group/rename', { groupId: group.groupId, name: 'x' })).body.err).toBe(
      'notGroupMember',
    );
  });

  it('transfers ownership on request', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    expect(
      (await g.post(alice, '/group/transfer', { groupId: group.groupId, userId: dave.userId })).status,
    ).toBe(400);
    const after = g.ok(
      await g.post<GroupInfo>(alice, '/group/transfer', { groupId: group.groupId, userId: bob.userId }),
    );
    expect(after.group).toMatchObject({ ownerId: bob.userId, myRole: 'MEMBER' });
    expect((await g.post(alice, '/group/rename', { groupId: group.groupId, name: 'x' })).body.err).toBe(
      'notGroupOwner',
    );
    g.ok(await g.post(bob, '/group/rename', { groupId: group.groupId, name: 'Bob rules' }));
  });

  it('dismisses a group: everyone is told, and the chat becomes read-only', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const [bobSocket, carolSocket] = [await open(bob), await open(carol)];
    await g.send(bob, group.groupId, 'before the end');
    g.ok(await g.post(alice, '/group/dismiss', { groupId: group.groupId }));
    for (const socket of [bobSocket, carolSocket]) {
      const notice = await nextGroupMsg(socket, (p) => alertCode(p) === 'groupDismissed');
      expect(notice.msgContent.content).toMatchObject({ text: 'Alice dismissed the group chat' });
      expect(await socket.nextNotice('GROUP_CHANGED')).toMatchObject({ msgContent: { change: 'dismissed' } });
    }
    const refused = await g.send(carol, group.groupId, 'anyone?', 'local_late');
    expect(refused).toMatchObject({ status: '5', statusCode: 'groupDismissed', msgId: '', seq: 0 });
    expect((await g.post(alice, '/group/rename', { groupId: group.groupId, name: 'x' })).body.err).toBe(
      'groupDismissed',
    );
    expect((await g.post(bob, '/group/qrCode', { groupId: group.groupId })).body.err).toBe('groupDismissed');
    expect((await g.info(bob, group.groupId)).group.status).toBe('DISMISSED');
    const session = (await sessionsOf(server.url, bob)).find((s) => s.chatId === group.chatId);
    expect(session?.groupStatus).toBe('DISMISSED');
    // History stays readable; "delete and quit" takes it off the list.
    expect((await g.synced(bob, group.chatId)).map((m) => shown(m))).toEqual([
      'groupCreated',
      'before the end',
      'groupDismissed',
    ]);
    g.ok(await g.post(bob, '/group/quit', { groupId: group.groupId }));
    expect((await sessionsOf(server.url, bob)).map((s) => s.chatId)).not.toContain(group.chatId);
  });

  it('lets a non-member join by QR code, and refuses expired and forged codes', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const { code, expiresAt } = g.ok(
      await g.post<{ code: string; expiresAt: number }>(bob, '/group/qrCode', { groupId: group.groupId }),
    );
    expect(code).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(expiresAt).toBe(server.clock.now() + GROUP_QR_TTL_MS);
    // Asking again gives the same card.
    expect(g.ok(await g.post<{ code: string }>(bob, '/group/qrCode', { groupId: group.groupId })).code).toBe(
      code,
    );

    const preview = g.ok(await g.post(eve, '/group/preview', { code }));
    expect(preview).toEqual({
      groupId: group.groupId,
      name: group.name,
      portrait: group.portrait,
      memberCount: 3,
      isMember: false,
      expiresAt,
    });
    const aliceSocket = await open(alice);
    const joined = g.ok(await g.post<GroupInfo>(eve, '/group/join', { code }));
    expect(joined.group).toMatchObject({ myRole: 'MEMBER', memberCount: 4 });
    const notice = await nextGroupMsg(aliceSocket, (p) => alertCode(p) === 'groupJoined');
    expect(notice.msgContent.content).toMatchObject({
      text: 'Eve joined the group chat by scanning the QR code',
    });
    // Scanning again as a member just opens the group.
    expect(g.ok(await g.post<GroupInfo>(eve, '/group/join', { code })).group.memberCount).toBe(4);

    const forged = 'A'.repeat(24);
    expect((await g.post(frank, '/group/preview', { code: forged })).body.err).toBe('groupCodeInvalid');
    expect((await g.post(frank, '/group/join', { code: forged })).body.err).toBe('groupCodeInvalid');
    expect((await g.post(frank, '/group/join', { code: 'short' })).status).toBe(400);

    server.clock.advance(GROUP_QR_TTL_MS + 1);
    expect((await g.post(frank, '/group/preview', { code })).body.err).toBe('groupCodeExpired');
    expect((await g.post(frank, '/group/join', { code })).body.err).toBe('groupCodeExpired');
    expect((await g.info(alice, group.groupId)).group.memberCount).toBe(4);
    // A new card works again.
    const renewed = g.ok(
      await g.post<{ code: string }>(bob, '/group/qrCode', { groupId: group.groupId }),
    ).code;
    expect(renewed).not.toBe(code);
    g.ok(await g.post(frank, '/group/join', { code: renewed }));
  });

  it('answers malformed requests with HTTP 400 and the validation envelope', async () => {
    const cases: [string, unknown][] = [
      ['/group/sendMsg', { msgType: 'TEXT', content: { text: 'hi' } }],
      ['/group/sendMsg', { groupId: 'abc', msgType: 'TEXT', content: { text: 'hi' } }],
      ['/group/sendMsg', { groupId: '1', msgType: 'ALERT', content: { code: 'groupCreated' } }],
      ['/group/rename', { groupId: '1', name: '   ' }],
      ['/group/rename', { groupId: '1', name: 'x'.repeat(31) }],
      ['/group/setNotice', { groupId: '1', notice: 'x'.repeat(1001) }],
      ['/group/addMembers', { groupId: '1', userIds: [] }],
      ['/group/setSaved', { groupId: '1', saved: 'yes' }],
      ['/group/create', { userIds: 'everyone' }],
    ];
    for (const [path, body] of cases) {
      const answer = await g.post(alice, path, body);
      expect([path, answer.status], JSON.stringify(body)).toEqual([path, 400]);
      expect(answer.body).toMatchObject({ code: 400, err: 'validation', data: null });
    }
    expect((await get(server.url, '/group/getInfo/abc', { token: alice.token })).status).toBe(400);
  });

  it('dismisses a group when its last member leaves', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    const { code } = g.ok(await g.post<{ code: string }>(alice, '/group/qrCode', { groupId: group.groupId }));
    g.ok(
      await g.post(alice, '/group/removeMembers', {
        groupId: group.groupId,
        userIds: [bob.userId, carol.userId],
      }),
    );
    expect(g.ok(await g.post(eve, '/group/preview', { code }))).toMatchObject({ memberCount: 1 });
    g.ok(await g.post(alice, '/group/quit', { groupId: group.groupId }));
    // Her code left with her; the group itself is over.
    expect((await g.post(eve, '/group/preview', { code })).body.err).toBe('groupCodeRevoked');
    const row = await server.running.app.paichat.db
      .selectFrom('groups')
      .select('status')
      .where('id', '=', Number(group.groupId))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('DISMISSED');
  });

  it('keeps the messages a member sees starting at their joining', async () => {
    const { group } = await g.create(alice, [bob, carol]);
    await g.send(alice, group.groupId, 'before dave');
    g.ok(await g.post(alice, '/group/addMembers', { groupId: group.groupId, userIds: [dave.userId] }));
    await g.send(alice, group.groupId, 'after dave');
    const seen: ServerMessage[] = await g.synced(dave, group.chatId);
    expect(seen.map((m) => shown(m))).toEqual(['groupInvited', 'after dave']);
  });
});
