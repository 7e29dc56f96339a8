import {
  clearChatMessages,
  deleteMsgs,
  deletedSeqs,
  forwardMsgs,
  getChatMessages,
  getChatSession,
  getChatSessions,
  getRecallWindows,
  getReactions,
  markRead,
  reactMsg,
  recallMsg,
  removeChatSession,
  sendMsg,
  setChatDisturb,
  setChatTop,
  syncMessages,
} from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { ForwardService } from './forward';
import type { ChatsService } from './service';

export function chatsRoutes(app: FastifyInstance, chats: ChatsService): void {
  route(app, sendMsg, (input, ctx) => chats.send(ctx.auth(), input));
  route(app, getChatSessions, (input, ctx) => chats.listSessions(ctx.auth().userId, input));
  route(app, getChatSession, (input, ctx) => chats.getSession(ctx.auth().userId, input));
  route(app, getChatMessages, (input, ctx) => chats.getMessages(ctx.auth().userId, input));
  route(app, syncMessages, (input, ctx) => chats.sync(ctx.auth().userId, input));
  route(app, markRead, (input, ctx) => chats.markRead(ctx.auth(), input.chatId, input.readSeq));
  route(app, setChatTop, (input, ctx) => chats.setTop(ctx.auth(), input.chatId, input.isTop));
  route(app, setChatDisturb, (input, ctx) => chats.setDisturb(ctx.auth(), input.chatId, input.isDisturb));
  route(app, removeChatSession, (input, ctx) => chats.remove(ctx.auth(), input.chatId));
  route(app, clearChatMessages, (input, ctx) => chats.clear(ctx.auth(), input.chatId));
  route(app, deleteMsgs, (input, ctx) => chats.deleteForMe(ctx.auth(), input));
  route(app, deletedSeqs, (input, ctx) => chats.deletedSeqs(ctx.auth().userId, input.chatId));
  route(app, recallMsg, (input, ctx) => chats.recall(ctx.auth(), input));
  route(app, getRecallWindows, () => Promise.resolve(chats.recallWindows));
  route(app, reactMsg, (input, ctx) => chats.react(ctx.auth(), input));
  route(app, getReactions, (input, ctx) => chats.reactions(ctx.auth().userId, input));
}

export function forwardRoutes(app: FastifyInstance, forward: ForwardService): void {
  route(app, forwardMsgs, (input, ctx) => forward.forward(ctx.auth(), input));
}
