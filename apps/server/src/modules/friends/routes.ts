import {
  agreeFriend,
  applyFriend,
  blockUser,
  deleteFriend,
  friendInfo,
  getNotices,
  ignoreFriend,
  listBlocked,
  listFriendApplies,
  listFriends,
  refuseFriend,
  searchFriend,
  setRemark,
  unblockUser,
} from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { FriendsService } from './service';

export function friendsRoutes(app: FastifyInstance, friends: FriendsService): void {
  route(app, searchFriend, (input, ctx) => friends.search(ctx.auth().userId, input.chatNo), {
    rateLimit: RATE_LIMITS.friendSearch,
  });
  route(app, friendInfo, (input, ctx) => friends.info(ctx.auth().userId, input.id, input.ref), {
    rateLimit: RATE_LIMITS.friendInfo,
  });
  route(app, applyFriend, (input, ctx) => friends.apply(ctx.auth(), input), {
    rateLimit: RATE_LIMITS.friendApply,
  });
  route(app, listFriendApplies, (_input, ctx) => friends.listApplies(ctx.auth().userId));
  route(app, agreeFriend, (input, ctx) => friends.agree(ctx.auth(), input.applyId));
  route(app, refuseFriend, async (input, ctx) => {
    await friends.refuse(ctx.auth(), input.applyId);
    return null;
  });
  route(app, ignoreFriend, async (input, ctx) => {
    await friends.ignore(ctx.auth(), input.applyId);
    return null;
  });
  route(app, listFriends, (_input, ctx) => friends.listFriends(ctx.auth().userId));
  route(app, setRemark, async (input, ctx) => {
    await friends.setRemark(ctx.auth(), input);
    return null;
  });
  route(app, blockUser, async (input, ctx) => {
    await friends.block(ctx.auth(), input.userId, input.ref);
    return null;
  });
  route(app, unblockUser, async (input, ctx) => {
    await friends.unblock(ctx.auth(), input.userId);
    return null;
  });
  route(app, listBlocked, (_input, ctx) => friends.listBlocked(ctx.auth().userId));
  route(app, deleteFriend, async (input, ctx) => {
    await friends.deleteFriend(ctx.auth(), input.userId);
    return null;
  });
  route(app, getNotices, (_input, ctx) => friends.notices(ctx.auth().userId));
}
