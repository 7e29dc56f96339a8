import { useSyncExternalStore } from 'react';
import { CloseCode, NoticeType, type ServerPush } from '@paichat/protocol';
import { SocketClient, type SocketClientOptions, type SocketSnapshot } from './SocketClient';
import { attachFriendNotices } from '../store/friendNotices';
import { attachChatEngine } from '../store/chat/lifecycle';
import { watchProfileChanges } from '../api/profileSync';
import { watchGroupChanges } from '../api/groupSync';
import { queryClient } from '../api/queryClient';

export interface RealtimeDeps extends SocketClientOptions {
  /** The session is over: 'signedOut' for 4002 (revoked elsewhere), 'expired' for 4001. */
  onSessionOver: (reason: 'expired' | 'signedOut') => void;
  /** Someone signed in to this account on another device. */
  onLoginElsewhere: () => void;
}

/** The app's socket with its session rules wired in. */
export function createRealtime({ onSessionOver, onLoginElsewhere, ...options }: RealtimeDeps): SocketClient {
  const socket = new SocketClient({
    ...options,
    onExpired: (code) => onSessionOver(code === CloseCode.SIGNED_OUT ? 'signedOut' : 'expired'),
  });
  socket.onPush((push: ServerPush) => {
    if (push.pushType === 'NOTICE' && push.noticeType === NoticeType.LOGIN_ELSEWHERE) onLoginElsewhere();
  });
  // Friend requests: the Contact tab's badge, the "now friends" / "rejected" alerts, fresh contacts.
  attachFriendNotices(socket);
  // Chats: the signed-in user's chat engine runs while the session is live and gets every push.
  attachChatEngine(socket);
  // Profile: another device changed it, so the cached /my/getInfo is refetched.
  watchProfileChanges(socket, queryClient);
  // Groups: open info screens refetch when a group changes.
  watchGroupChanges(socket, queryClient);
  return socket;
}

export function useSocketStatus(socket: SocketClient): SocketSnapshot {
  return useSyncExternalStore(socket.subscribe, socket.getSnapshot);
}
