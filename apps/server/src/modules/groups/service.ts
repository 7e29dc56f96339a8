/**
 * Groups: the rules (see the contract's header in packages/protocol/src/groups.ts).
 *
 * Every change runs in one transaction that first locks the group's chat row, then reads the
 * caller's membership and role and checks them: two changes to a group (or a change and a
 * send, see appender.ts) take turns, so each sees the other's result. The change tells itself
 * in the chat as a system notice, stored under the chat's next seq in that same transaction
 * (members who had read everything have read the notice too). A leaving member's membership
 * ends at the seq of the notice that tells them. After commit: the group's look is remade if
 * the first members changed (look.ts), each notice is pushed to whoever was a member when
 * it was written, and everyone concerned gets GROUP_CHANGED.
 */
import { randomBytes } from 'node:crypto';
import {
  AlertCode,
  GROUP_MEMBERS_MAX,
  GROUP_QR_TTL_MS,
  MsgType,
  SendStatus,
  type GroupChange,
  type GroupInfo,
  type GroupSendMsgRequest,
  type GroupView,
  type SendMsgResult,
  type YesNo,
} from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db';
import {
  GroupCodeExpiredError,
  GroupCodeInvalidError,
  GroupCodeRevokedError,
  GroupDismissedError,
  GroupFullError,
  GroupNotFoundError,
  NotFriendsError,
  NotGroupMemberError,
  NotGroupOwnerError,
  ValidationError,
} from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import { parseId } from '../../ids';
import type { Bus } from '../../realtime/bus';
import type { Appender, Refusal } from '../chats/appender';
import type { IdMark } from '../chats/id-mark';
import { storedContent, type ContentDeps } from '../chats/content';
import { textWrites, type TextPlace } from '../chats/reply';
import type { Copy } from '../chats/forward';
import * as chatsRepo from '../chats/repo';
import { refusalUnlessRetry, sent, unstoredAnswer, type Redeliver } from '../chats/send-result';
import { parseStoredContent, type Person, type StoredMessage } from '../chats/views';
import type { FilesService } from '../files/service';
import * as friendsRepo from '../friends/repo';
import type { Visibility } from '../friends/visibility';
import * as usersRepo from '../users/repo';
import type { PushNotifier } from '../webpush/notifier';
import { pushGroupChanged, pushGroupMessage, type GroupLook, type GroupSender } from './delivery';
import { groupFaces } from './faces';
import { createGroupLook } from './look';
import * as repo from './repo';
import { groupAlert, toGroupMember, toGroupView, type AlertParams } from './views';

export interface GroupsServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Stores sends in group-commit batches (shared with one-to-one sends). */
  appender: Appender;
  /** Covers the ids of the notices a change writes, before it commits. */
  idMark: IdMark;
  files: Pick<FilesService, 'describe' | 'imagePath' | 'saveGenerated'>;
  /** Who may card whom (contact cards). */
  visibility: Pick<Visibility, 'cardOf'>;
  /** Shared favorites (COLLECTION): the sender's own only. */
  favoriteOf: ContentDeps['favoriteOf'];
  /** Wakes members with no open socket (Web Push). */
  webPush: Pick<PushNotifier, 'message'>;
}

/** A notice written in a change, and who was a member when it was (they are told). */
interface Announced {
  message: StoredMessage;
  recipients: number[];
}

/** What a change's work gets: the locked group as the caller sees it, and a way to tell the chat. */
interface ChangeContext {
  trx: Tx;
  group: repo.GroupForViewer;
  /** Who makes the change. */
  actor: Person;
  /** The chat's last seq before this change. */
  lastSeq: number;
  now: number;
  announce(code: AlertCode, params: AlertParams): Promise<Announced>;
}

type Needs = 'member' | 'owner';

const byId = (a: Person, b: Person) => a.id - b.id;

export function createGroupsService(deps: GroupsServiceDeps) {
  const { db, clock, bus, log, appender, idMark, files } = deps;
  const look = createGroupLook({ db, log, files });
  const contentDeps: ContentDeps = {
    db,
    describeFiles: files.describe,
    cardOf: deps.visibility.cardOf,
    favoriteOf: deps.favoriteOf,
  };

  const parseGroupId = (value: string): number => {
    const id = parseId(value);
    if (id === null) throw new GroupNotFoundError();
    return id;
  };

  /** The group as the viewer sees it; GroupNotFound when it does not exist or they never belonged. */
  async function viewOf(dbOrTx: Db | Tx, groupId: number, viewerId: number): Promise<repo.GroupForViewer> {
    const group = await repo.findGroupForViewer(dbOrTx, groupId, viewerId);
    if (!group?.belonged) throw new GroupNotFoundError();
    return group;
  }

  async function info(groupId: number, viewerId: number): Promise<GroupInfo> {
    const group = await viewOf(db, groupId, viewerId);
    if (group.role === null) return { group: toGroupView(group), members: [] };
    const [members, faces] = await Promise.all([
      repo.listMembers(db, groupId, viewerId),
      groupFaces(db, [groupId]),
    ]);
    return { group: toGroupView(group, faces.get(groupId)), members: members.map(toGroupMember) };
  }

  /**
   * Pushes a stored group message to the members at its seq (chats/repo's recipientsAt): read by
   * seq, not as "the members now", so someone added between the commit and this read does not
   * get a message from before they joined, and someone removed meanwhile still gets one from
   * while they belonged. Best effort: the message is committed; a device that misses it catches
   * up by seq. Answers the recipients, when they could be read.
   */
  async function deliver(
    group: GroupLook,
    message: StoredMessage,
    sender: GroupSender,
  ): Promise<number[] | undefined> {
    try {
      const recipients = await chatsRepo.recipientsAt(db, message.chat_id, message.seq);
      await pushGroupMessage(bus, group, message, sender, recipients);
      return recipients;
    } catch (error) {
      log.error({ err: error, msgId: message.id }, 'group message push failed');
      return undefined;
    }
  }

  /** Checks the caller's standing: a current member (or the owner) of an active group. */
  function check(group: repo.GroupForViewer, needs: Needs): void {
    if (!group.belonged) throw new GroupNotFoundError();
    if (group.role === null) throw new NotGroupMemberError();
    if (group.status === 'DISMISSED') throw new GroupDismissedError();
    if (needs === 'owner' && group.role !== 'OWNER') throw new NotGroupOwnerError();
  }

  /** Stores a system notice under the chat's next seq; its recipients are the members at this point. */
  async function announce(
    trx: Tx,
    group: { id: number; chat_id: number },
    code: AlertCode,
    params: AlertParams,
    now: number,
  ): Promise<Announced> {
    const content = groupAlert(code, params);
    const appended = await chatsRepo.appendNotice(trx, idMark, {
      chatId: group.chat_id,
      content,
      createdAt: now,
    });
    await repo.readNoticeIfCaughtUp(trx, group.chat_id, appended.seq);
    const message: StoredMessage = {
      id: appended.id,
      chat_id: group.chat_id,
      seq: appended.seq,
      sender_id: null,
      client_msg_id: null,
      msg_type: MsgType.ALERT,
      content,
      created_at: now,
    };
    return { message, recipients: await repo.memberIds(trx, group.id) };
  }

  /** Locks the group's chat row, then reads the group as the actor sees it (see the top of this file). */
  async function lockGroup(
    trx: Tx,
    groupId: number,
    actorId: number,
  ): Promise<{ group: repo.GroupForViewer; lastSeq: number }> {
    const chatId = (await repo.findGroup(trx, groupId))?.chat_id;
    const lastSeq = chatId === undefined ? undefined : await chatsRepo.lockChat(trx, chatId);
    const group = await repo.findGroupForViewer(trx, groupId, actorId);
    if (lastSeq === undefined || !group) throw new GroupNotFoundError();
    return { group, lastSeq };
  }

  /**
   * Runs a change to a group in one transaction (see the top of this file), then refreshes its
   * look if `membership` changed, pushes its notices and GROUP_CHANGED (to `alsoTell` too).
   */
  async function change<T>(
    actorId: number,
    groupId: number,
    needs: Needs | ((group: repo.GroupForViewer) => void),
    what: GroupChange,
    work: (ctx: ChangeContext) => Promise<T>,
    options: { membership?: boolean; alsoTell?: number[] } = {},
  ): Promise<T> {
    const announced: Announced[] = [];
    const now = clock.now();
    const result = await db.transaction().execute(async (trx) => {
      const { group, lastSeq } = await lockGroup(trx, groupId, actorId);
      if (typeof needs === 'function') needs(group);
      else check(group, needs);
      return work({
        trx,
        group,
        actor: await personOf(trx, actorId),
        lastSeq,
        now,
        announce: async (code, params) => {
          const notice = await announce(trx, group, code, params, now);
          announced.push(notice);
          return notice;
        },
      });
    });
    if (options.membership) await look.refresh(groupId, actorId);
    await publish(groupId, announced, what, options.alsoTell ?? [], now);
    return result;
  }

  /** After commit: each notice to its recipients, then GROUP_CHANGED to everyone concerned. */
  async function publish(
    groupId: number,
    announced: Announced[],
    what: GroupChange,
    alsoTell: number[],
    now: number,
  ) {
    try {
      const look = await repo.findGroup(db, groupId);
      if (!look) return;
      for (const notice of announced)
        await pushGroupMessage(bus, look, notice.message, null, notice.recipients);
      const concerned = new Set([
        ...announced.flatMap((n) => n.recipients),
        ...alsoTell,
        ...(await repo.memberIds(db, groupId)),
      ]);
      await pushGroupChanged(bus, look, what, concerned, now);
    } catch (error) {
      // The change is committed; a device that missed a push catches up by seq.
      log.error({ err: error, groupId }, 'group push failed');
    }
  }

  /** The people among `userIds` (not the actor, each once) who are the actor's friends; NotFriends otherwise. */
  async function friendsAmong(
    dbOrTx: Db | Tx,
    actorId: number,
    userIds: readonly string[],
  ): Promise<Person[]> {
    const parsed = userIds.map(parseId);
    // Not an id of ours: no one's friend.
    if (parsed.includes(null)) throw new NotFriendsError();
    const ids = [...new Set(parsed as number[])].filter((id) => id !== actorId);
    const friends = new Set(await friendsRepo.listFriendIds(dbOrTx, actorId));
    if (ids.some((id) => !friends.has(id))) throw new NotFriendsError();
    return (await usersRepo.findUsersByIds(dbOrTx, ids)).sort(byId);
  }

  async function personOf(dbOrTx: Db | Tx, userId: number): Promise<Person> {
    const person = await usersRepo.findUserById(dbOrTx, userId);
    if (!person) throw new Error(`user ${userId} vanished`);
    return person;
  }

  /**
   * One message to a group: membership and the group's state first (again once the chat is
   * locked), then its content (`contentOf`, which may refuse it too), stored and pushed.
   */
  async function sendToGroup(
    actor: AuthContext,
    input: { groupId: string; clientMsgId?: string | undefined; msgType: MsgType },
    contentOf: (place: TextPlace) => Promise<Record<string, unknown>>,
  ): Promise<SendMsgResult> {
    const groupId = parseGroupId(input.groupId);
    const clientMsgId = input.clientMsgId ?? null;
    const context = await repo.loadSendContext(db, groupId, actor.userId);
    if (!context) throw new GroupNotFoundError();
    const face: GroupLook = { ...context, id: groupId };
    // A retry answers its original message, pushed again (its first push may never have gone
    // out), under the group nickname it was sent with.
    const redeliver: Redeliver = async (original) => {
      const sender = { person: context.sender, groupNick: original.group_nick ?? '' };
      await deliver(face, { ...original, content: parseStoredContent(original.content) }, sender);
    };
    const refuse = (status: Refusal) => refusalUnlessRetry(db, actor.userId, clientMsgId, status, redeliver);
    if (context.member === null) return refuse(SendStatus.NOT_GROUP_MEMBER);
    if (context.status === 'DISMISSED') return refuse(SendStatus.GROUP_DISMISSED);

    const content = await contentOf({ chatId: context.chat_id, groupId });
    const alsoWrite = textWrites(content, actor.userId);
    const now = clock.now();
    const groupNick = context.group_nick ?? '';
    const outcome = await appender.append({
      chatId: context.chat_id,
      senderId: actor.userId,
      recipientId: 0,
      clientMsgId,
      msgType: input.msgType,
      content,
      createdAt: now,
      groupNick,
      // Checked again once the chat is locked: a removal or dismissal may have just committed.
      admit: async (trx) => {
        const standing = await repo.canSend(trx, groupId, actor.userId);
        if (standing === 'notMember') return SendStatus.NOT_GROUP_MEMBER;
        return standing === 'dismissed' ? SendStatus.GROUP_DISMISSED : null;
      },
      ...(alsoWrite && { alsoWrite }),
    });
    if (!outcome.stored) return unstoredAnswer(outcome, clientMsgId ?? '', redeliver);

    const message: StoredMessage = {
      id: outcome.id,
      chat_id: outcome.chatId,
      seq: outcome.seq,
      sender_id: actor.userId,
      client_msg_id: clientMsgId,
      msg_type: input.msgType,
      content,
      created_at: now,
    };
    const recipients = await deliver(face, message, { person: context.sender, groupNick });
    deps.webPush.message({
      message,
      sender: { id: actor.userId, name: groupNick || context.sender.nick_name },
      group: face.name,
      recipientIds: recipients?.filter((id) => id !== actor.userId),
    });
    return sent(
      { id: outcome.id, seq: outcome.seq, chat_id: outcome.chatId, created_at: now },
      clientMsgId ?? '',
      false,
    );
  }

  return {
    async create(
      actor: AuthContext,
      input: { userIds: string[]; name?: string | undefined },
    ): Promise<GroupInfo> {
      const others = await friendsAmong(db, actor.userId, input.userIds);
      if (others.length < 2)
        throw new ValidationError('userIds: select at least 2 contacts besides yourself');
      if (others.length + 1 > GROUP_MEMBERS_MAX) throw new GroupFullError(GROUP_MEMBERS_MAX);
      const creator = await personOf(db, actor.userId);
      // The order firstMembers() reads them in: everyone joins now, so by user id.
      const everyone = [creator, ...others].sort(byId);
      const { portrait, portraitKey, defaultName } = await look.initial(
        everyone.map((p) => ({ user_id: p.id, nick_name: p.nick_name, portrait: p.portrait })),
        actor.userId,
      );
      const name = input.name?.trim() ?? '';
      const now = clock.now();
      const created = await db.transaction().execute(async (trx) => {
        const ids = await repo.insertGroup(trx, {
          name: name || defaultName,
          nameIsDefault: name === '',
          portrait,
          portraitKey,
          ownerId: actor.userId,
          createdAt: now,
        });
        const group = { id: ids.groupId, chat_id: ids.chatId };
        await repo.addMembers(
          trx,
          group,
          everyone.map((p) => ({ userId: p.id, role: p.id === actor.userId ? 'OWNER' : 'MEMBER' })),
          0,
          now,
        );
        const notice = await announce(
          trx,
          group,
          AlertCode.groupCreated,
          { name: creator.nick_name, names: others },
          now,
        );
        return { groupId: ids.groupId, notice };
      });
      await publish(created.groupId, [created.notice], 'created', [], now);
      return info(created.groupId, actor.userId);
    },

    getInfo: (viewerId: number, groupId: string) => info(parseGroupId(groupId), viewerId),

    send: (actor: AuthContext, input: GroupSendMsgRequest): Promise<SendMsgResult> =>
      sendToGroup(actor, input, (place) => storedContent(input, actor.userId, contentDeps, place)),

    /** A forwarded copy (chats/forward.ts): content already stored in a message the sender may read. */
    sendCopy: (actor: AuthContext, copy: Copy & { groupId: string }): Promise<SendMsgResult> =>
      sendToGroup(actor, copy, () => Promise.resolve(copy.content)),

    async addMembers(actor: AuthContext, input: { groupId: string; userIds: string[] }): Promise<GroupInfo> {
      const groupId = parseGroupId(input.groupId);
      await change(
        actor.userId,
        groupId,
        'member',
        'joined',
        async ({ trx, group, actor: adder, lastSeq, now, announce }) => {
          // Checked after the caller's standing: a stranger learns nothing about who is in it.
          const people = await friendsAmong(trx, actor.userId, input.userIds);
          const already = await repo.membersAmong(
            trx,
            groupId,
            people.map((p) => p.id),
          );
          const joining = people.filter((p) => !already.has(p.id));
          if (joining.length === 0) return;
          if (group.member_count + joining.length > GROUP_MEMBERS_MAX)
            throw new GroupFullError(GROUP_MEMBERS_MAX);
          await repo.addMembers(
            trx,
            group,
            joining.map((p) => ({ userId: p.id, role: 'MEMBER' })),
            lastSeq,
            now,
          );
          await announce(AlertCode.groupInvited, { name: adder.nick_name, names: joining });
        },
        { membership: true },
      );
      return info(groupId, actor.userId);
    },

    async removeMembers(
      actor: AuthContext,
      input: { groupId: string; userIds: string[] },
    ): Promise<GroupInfo> {
      const groupId = parseGroupId(input.groupId);
      const ids = [...new Set(input.userIds.map(parseId))].filter((id): id is number => id !== null);
      if (ids.includes(actor.userId))
        throw new ValidationError('userIds: you cannot remove yourself; quit the group instead');
      await change(
        actor.userId,
        groupId,
        'owner',
        'removed',
        async ({ trx, group, actor: owner, now, announce }) => {
          const members = await repo.membersAmong(trx, groupId, ids);
          const leaving = (await usersRepo.findUsersByIds(trx, [...members])).sort(byId);
          if (leaving.length === 0) return;
          // They get the notice that removes them, and nothing after it.
          const notice = await announce(AlertCode.groupRemoved, { name: owner.nick_name, names: leaving });
          await repo.endMemberships(trx, group, [...members], {
            leftSeq: notice.message.seq,
            hide: false,
            now,
          });
        },
        { membership: true },
      );
      return info(groupId, actor.userId);
    },

    async rename(actor: AuthContext, input: { groupId: string; name: string }): Promise<GroupInfo> {
      const groupId = parseGroupId(input.groupId);
      await change(actor.userId, groupId, 'owner', 'renamed', async ({ trx, actor: owner, announce }) => {
        await repo.updateGroup(trx, groupId, { name: input.name, name_is_default: 0 });
        await announce(AlertCode.groupRenamed, { name: owner.nick_name, groupName: input.name });
      });
      return info(groupId, actor.userId);
    },

    async setNotice(actor: AuthContext, input: { groupId: string; notice: string }): Promise<GroupInfo> {
      const groupId = parseGroupId(input.groupId);
      await change(actor.userId, groupId, 'owner', 'notice', async ({ trx, actor: owner, now, announce }) => {
        await repo.updateGroup(trx, groupId, { notice: input.notice, notice_time: now });
        await announce(AlertCode.groupNotice, { name: owner.nick_name, notice: input.notice });
      });
      return info(groupId, actor.userId);
    },

    async transfer(actor: AuthContext, input: { groupId: string; userId: string }): Promise<GroupInfo> {
      const groupId = parseGroupId(input.groupId);
      const targetId = parseId(input.userId);
      if (targetId === actor.userId) throw new ValidationError('userId: you already own this group');
      await change(actor.userId, groupId, 'owner', 'owner', async ({ trx, announce }) => {
        const isMember =
          targetId !== null && (await repo.membersAmong(trx, groupId, [targetId])).has(targetId);
        if (!isMember || targetId === null) throw new ValidationError('userId: not a member of this group');
        await passOwnership(trx, groupId, actor.userId, targetId, announce);
      });
      return info(groupId, actor.userId);
    },

    /** "Delete and quit": leaves the group and takes the chat off the caller's list. */
    async quit(actor: AuthContext, input: { groupId: string }): Promise<{ groupId: string; chatId: string }> {
      const groupId = parseGroupId(input.groupId);
      const chatId = await change(
        actor.userId,
        groupId,
        // A member may leave a dismissed group too (it only takes the chat off their list).
        (group) => {
          if (!group.belonged) throw new GroupNotFoundError();
          if (group.role === null) throw new NotGroupMemberError();
        },
        'left',
        async ({ trx, group, actor: leaver, lastSeq, now, announce }) => {
          if (group.status === 'DISMISSED') {
            // Nobody is told: the group is over; the chat just leaves the caller's list.
            await repo.endMemberships(trx, group, [actor.userId], { leftSeq: lastSeq, hide: true, now });
            return group.chat_id;
          }
          const notice = await announce(AlertCode.groupLeft, { name: leaver.nick_name });
          await repo.endMemberships(trx, group, [actor.userId], {
            leftSeq: notice.message.seq,
            hide: true,
            now,
          });
          if (group.role === 'OWNER') {
            const heir = await repo.longestStanding(trx, groupId, actor.userId);
            // The last member leaving ends the group.
            if (heir === null)
              await repo.updateGroup(trx, groupId, { status: 'DISMISSED', dismissed_at: now });
            else await passOwnership(trx, groupId, null, heir, announce);
          }
          return group.chat_id;
        },
        { membership: true, alsoTell: [actor.userId] },
      );
      return { groupId: String(groupId), chatId: String(chatId) };
    },

    async dismiss(
      actor: AuthContext,
      input: { groupId: string },
    ): Promise<{ groupId: string; chatId: string }> {
      const groupId = parseGroupId(input.groupId);
      const chatId = await change(
        actor.userId,
        groupId,
        'owner',
        'dismissed',
        async ({ trx, group, actor: owner, now, announce }) => {
          await repo.updateGroup(trx, groupId, { status: 'DISMISSED', dismissed_at: now });
          await repo.revokeInvites(trx, groupId, 'everyone', now);
          await announce(AlertCode.groupDismissed, { name: owner.nick_name });
          return group.chat_id;
        },
      );
      return { groupId: String(groupId), chatId: String(chatId) };
    },

    async setNick(actor: AuthContext, input: { groupId: string; groupNick: string }): Promise<GroupInfo> {
      const groupId = parseGroupId(input.groupId);
      // Everyone's member list shows it, so every member is told.
      await change(actor.userId, groupId, 'member', 'settings', ({ trx }) =>
        repo.updateMember(trx, groupId, actor.userId, { group_nick: input.groupNick }),
      );
      return info(groupId, actor.userId);
    },

    async setSaved(actor: AuthContext, input: { groupId: string; saved: YesNo }): Promise<GroupInfo> {
      const groupId = parseGroupId(input.groupId);
      const group = await viewOf(db, groupId, actor.userId);
      if (group.role === null) throw new NotGroupMemberError();
      await repo.updateMember(db, groupId, actor.userId, { saved: input.saved === 'Y' ? 1 : 0 });
      // Only the caller's own devices care.
      await pushGroupChanged(bus, group, 'settings', [actor.userId], clock.now()).catch((error: unknown) =>
        log.error({ err: error, groupId }, 'group push failed'),
      );
      return info(groupId, actor.userId);
    },

    async listSaved(viewerId: number): Promise<{ list: GroupView[] }> {
      const groups = await repo.listSavedGroups(db, viewerId);
      const faces = await groupFaces(
        db,
        groups.map((group) => group.id),
      );
      return { list: groups.map((group) => toGroupView(group, faces.get(group.id))) };
    },

    /**
     * The caller's QR code for the group: the same one while it has over half its life left.
     * Issued under the chat's lock, like a membership change, so a member removed a moment
     * earlier gets no code that outlives their removal.
     */
    async qrCode(
      actor: AuthContext,
      input: { groupId: string },
    ): Promise<{ code: string; expiresAt: number }> {
      const groupId = parseGroupId(input.groupId);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const { group } = await lockGroup(trx, groupId, actor.userId);
        check(group, 'member');
        const fresh = await repo.findFreshInvite(trx, groupId, actor.userId, now + GROUP_QR_TTL_MS / 2);
        if (fresh) return { code: fresh.code, expiresAt: fresh.expires_at };
        const invite = {
          code: randomBytes(18).toString('base64url'),
          group_id: groupId,
          created_by: actor.userId,
          created_at: now,
          expires_at: now + GROUP_QR_TTL_MS,
        };
        await repo.insertInvite(trx, invite);
        return { code: invite.code, expiresAt: invite.expires_at };
      });
    },

    /**
     * What a valid code shows: the same to anyone who is not a member, whether they never
     * joined or were removed (the group's name, picture and size, nothing of its chat or
     * members). A revoked, expired or forged code shows nothing of the group.
     */
    async preview(viewerId: number, code: string) {
      const { invite, group } = await openInvite(db, code);
      const isMember = (await repo.membersAmong(db, group.id, [viewerId])).has(viewerId);
      return {
        groupId: String(group.id),
        name: group.name,
        portrait: group.portrait,
        memberCount: await repo.countMembers(db, group.id),
        isMember,
        expiresAt: invite.expires_at,
      };
    },

    async join(actor: AuthContext, code: string): Promise<GroupInfo> {
      const { group } = await openInvite(db, code);
      await change(
        actor.userId,
        group.id,
        // Anyone with a valid code may join: the code is checked again below, under the lock.
        () => undefined,
        'joined',
        async ({ trx, group: locked, actor: joiner, lastSeq, now, announce }) => {
          // Its maker may have left, or been removed, a moment ago.
          await openInvite(trx, code);
          // Scanning again as a member just opens the group.
          if (locked.role !== null) return;
          if (locked.member_count >= GROUP_MEMBERS_MAX) throw new GroupFullError(GROUP_MEMBERS_MAX);
          await repo.addMembers(trx, locked, [{ userId: actor.userId, role: 'MEMBER' }], lastSeq, now);
          await announce(AlertCode.groupJoined, { name: joiner.nick_name });
        },
        { membership: true },
      );
      return info(group.id, actor.userId);
    },
  };

  /**
   * The invite behind a QR code and its group, if the code was issued, its maker is still a
   * member (a code dies with its maker's membership: revoked when it ends, and never honoured
   * without it), it has not expired, and the group is active.
   */
  async function openInvite(dbOrTx: Db | Tx, code: string) {
    const invite = await repo.findInvite(dbOrTx, code);
    if (!invite) throw new GroupCodeInvalidError();
    if (invite.revoked_at !== null || !invite.creator_is_member) throw new GroupCodeRevokedError();
    if (invite.expires_at <= clock.now()) throw new GroupCodeExpiredError();
    const group = await repo.findGroup(dbOrTx, invite.group_id);
    if (!group) throw new GroupCodeInvalidError();
    if (group.status === 'DISMISSED') throw new GroupDismissedError();
    return { invite, group };
  }

  /** Makes `heirId` the owner (the former owner, if still a member, becomes a member) and says so in the chat. */
  async function passOwnership(
    trx: Tx,
    groupId: number,
    formerId: number | null,
    heirId: number,
    say: ChangeContext['announce'],
  ): Promise<void> {
    if (formerId !== null) await repo.updateMember(trx, groupId, formerId, { role: 'MEMBER' });
    await repo.updateMember(trx, groupId, heirId, { role: 'OWNER' });
    await repo.updateGroup(trx, groupId, { owner_id: heirId });
    const heir = await personOf(trx, heirId);
    await say(AlertCode.groupOwner, { name: heir.nick_name });
  }
}

export type GroupsService = ReturnType<typeof createGroupsService>;
