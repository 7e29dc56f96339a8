import {
  addGroupMembers,
  createGroup,
  dismissGroup,
  getGroupInfo,
  getGroupQrCode,
  groupSendMsg,
  joinGroupByCode,
  listSavedGroups,
  previewGroupByCode,
  quitGroup,
  removeGroupMembers,
  renameGroup,
  setGroupNick,
  setGroupNotice,
  setGroupSaved,
  transferGroup,
} from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { GroupsService } from './service';

export function groupsRoutes(app: FastifyInstance, groups: GroupsService): void {
  route(app, createGroup, (input, ctx) => groups.create(ctx.auth(), input));
  route(app, getGroupInfo, (input, ctx) => groups.getInfo(ctx.auth().userId, input.id));
  route(app, groupSendMsg, (input, ctx) => groups.send(ctx.auth(), input));
  route(app, addGroupMembers, (input, ctx) => groups.addMembers(ctx.auth(), input));
  route(app, removeGroupMembers, (input, ctx) => groups.removeMembers(ctx.auth(), input));
  route(app, renameGroup, (input, ctx) => groups.rename(ctx.auth(), input));
  route(app, setGroupNotice, (input, ctx) => groups.setNotice(ctx.auth(), input));
  route(app, setGroupNick, (input, ctx) => groups.setNick(ctx.auth(), input));
  route(app, setGroupSaved, (input, ctx) => groups.setSaved(ctx.auth(), input));
  route(app, listSavedGroups, (_input, ctx) => groups.listSaved(ctx.auth().userId));
  route(app, transferGroup, (input, ctx) => groups.transfer(ctx.auth(), input));
  route(app, quitGroup, (input, ctx) => groups.quit(ctx.auth(), input));
  route(app, dismissGroup, (input, ctx) => groups.dismiss(ctx.auth(), input));
  route(app, getGroupQrCode, (input, ctx) => groups.qrCode(ctx.auth(), input));
  route(app, previewGroupByCode, (input, ctx) => groups.preview(ctx.auth().userId, input.code));
  route(app, joinGroupByCode, (input, ctx) => groups.join(ctx.auth(), input.code));
}
