import { groupSendMsg, sendMsg } from '@paichat/protocol';
import type { SocketSends } from '../../realtime/socket-sends';
import type { GroupsService } from '../groups/service';
import type { ChatsService } from './service';

/** The sends a socket may carry: the same endpoints and handlers as their HTTP routes (routes.ts). */
export function socketSendsRoutes(sends: SocketSends, chats: ChatsService, groups: GroupsService): void {
  sends.serve(sendMsg, (input, auth) => chats.send(auth, input));
  sends.serve(groupSendMsg, (input, auth) => groups.send(auth, input));
}
