import type { ServerPush } from '@paichat/protocol';
import type { Bus } from './bus';

/** Delivers a push to every connected device of these users, on whichever node holds them. */
export function pushToUsers(
  bus: Bus,
  userIds: readonly string[],
  push: ServerPush,
  options: { exceptSessionIds?: readonly string[] } = {},
): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return bus.publish({
    type: 'push',
    userIds: [...new Set(userIds)],
    payload: JSON.stringify(push),
    ...(options.exceptSessionIds?.length ? { exceptSessionIds: [...options.exceptSessionIds] } : {}),
  });
}

/** Closes every socket opened with this session's token, on every node. */
export function closeSessionSockets(
  bus: Bus,
  userId: string,
  sessionId: string,
  code: number,
  reason: string,
): Promise<void> {
  return bus.publish({ type: 'closeSession', userId, sessionId, code, reason });
}

/** Closes these sockets of the user (ids from the sockets table), on every node. */
export function closeSockets(
  bus: Bus,
  userId: string,
  socketIds: string[],
  code: number,
  reason: string,
): Promise<void> {
  return bus.publish({ type: 'closeSockets', userId, socketIds, code, reason });
}
