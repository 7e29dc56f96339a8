import { getPeerRead, getReadCounts, getReadReceipts, getReaders, setReadReceipts } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { ReceiptsService } from './service';

export function receiptsRoutes(app: FastifyInstance, receipts: ReceiptsService): void {
  route(app, getReadReceipts, (_input, ctx) => receipts.setting(ctx.auth().userId));
  route(app, setReadReceipts, (input, ctx) => receipts.setSetting(ctx.auth().userId, input.readReceipts));
  route(app, getPeerRead, (input, ctx) => receipts.peerRead(ctx.auth().userId, input.chatId));
  route(app, getReadCounts, (input, ctx) => receipts.readCounts(ctx.auth().userId, input.chatId, input.seqs));
  route(app, getReaders, (input, ctx) => receipts.readers(ctx.auth().userId, input.chatId, input.msgId));
}
