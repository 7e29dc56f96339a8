import type { QueryClient } from '@tanstack/react-query';
import type { SocketClient } from '../realtime/SocketClient';

/**
 * Screens whose load failed load again once the server answers again. The browser's online
 * event covers a phone that lost its network (api/online.ts), but not a server that was away
 * while the phone stayed online (a network that drops requests, a restart): the socket tells
 * that one, when it opens again. Answers how to stop.
 */
export function reloadFailedOnReconnect(
  socket: Pick<SocketClient, 'subscribe' | 'getSnapshot'>,
  client: QueryClient,
): () => void {
  let open = socket.getSnapshot().status === 'open';
  return socket.subscribe(() => {
    const wasOpen = open;
    open = socket.getSnapshot().status === 'open';
    if (open && !wasOpen)
      void client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  });
}
