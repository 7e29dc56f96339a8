import { getDict } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../http/language';
import { route } from '../../http/route';
import { dictItems } from './service';

export function dictRoutes(app: FastifyInstance): void {
  route(app, getDict, async (input, { request }) => dictItems(input.type, requestLanguage(request.headers)));
}
