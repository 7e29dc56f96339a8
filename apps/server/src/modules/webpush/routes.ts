import { pushSubscribe, pushUnsubscribe, pushVapidKey } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { WebPushService } from './service';

export function webPushRoutes(app: FastifyInstance, webPush: WebPushService): void {
  route(app, pushVapidKey, () => webPush.vapidKey());
  route(app, pushSubscribe, (input, ctx) => webPush.subscribe(ctx.auth(), input));
  route(app, pushUnsubscribe, (input, ctx) => webPush.unsubscribe(ctx.auth(), input.endpoint));
}
