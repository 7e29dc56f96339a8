import { getMyInfo, setMyChatNo, setMyPassword, updateMyInfo } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { UsersService } from './service';

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  route(app, getMyInfo, (_input, ctx) => users.getMyInfo(ctx.auth().userId));
  route(app, updateMyInfo, (input, ctx) => users.updateInfo(ctx.auth(), input));
  route(app, setMyChatNo, (input, ctx) => users.setChatNo(ctx.auth(), input.chatNo));
  route(app, setMyPassword, async (input, ctx) => {
    await users.setPassword(ctx.auth(), input);
    return null;
  });
}
