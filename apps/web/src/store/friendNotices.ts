/**
 * Friend notices: the Contact tab's badge (pending friend requests) and the alerts of the
 * spec's "now friends" and "request rejected by the other".
 *
 * The badge always shows the server's pending count. It is loaded when the socket opens (after
 * sign-in, and after every reconnect, which also covers pushes missed while offline) and when
 * the app regains focus; a FRIEND_APPLY push carries the new count and sets it live. Deciding a
 * request lowers it at once and then asks the server again.
 *
 * Pushes also keep the cached friend data fresh: the contact list on CONTACTS_CHANGED and
 * FRIEND_ACCEPTED, the request list on every friend notice.
 */
import type { QueryClient } from '@tanstack/react-query';
import { NoticeType } from '@paichat/protocol';
import { refreshNotices, setFriendApplyCount } from '../api/queries/notices';
import { friendListKey } from '../api/queries/friendList';
import { friendAppliesKey } from '../api/queries/friendApplies';
import { friendInfoBaseKey, friendInfoKey } from '../api/queries/friendInfo';
import { throttle } from '../lib/throttle';
import { t } from '../i18n';
import type { PushSource } from '../realtime/pushRouter';
import type { SocketClient } from '../realtime/SocketClient';

/** Spec 9: tab refreshes at most once per second. */
export const NOTICE_REFRESH_THROTTLE_MS = 1_000;

export interface FriendNoticeDeps {
  client: QueryClient;
  toast: (message: string) => void;
}

/** What each friend notice changes; answers the unsubscribe. */
export function handleFriendNotices(pushes: PushSource, { client, toast }: FriendNoticeDeps): () => void {
  const invalidate = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  const offs = [
    pushes.on(NoticeType.FRIEND_APPLY, ({ count }) => {
      setFriendApplyCount(client, count);
      invalidate(friendAppliesKey);
    }),
    pushes.on(NoticeType.FRIEND_ACCEPTED, ({ userId, nickName }) => {
      toast(t('friends.acceptedToast', { nickName }));
      invalidate(friendInfoKey(userId));
      invalidate(friendListKey);
      invalidate(friendAppliesKey);
    }),
    pushes.on(NoticeType.FRIEND_REJECTED, ({ userId, nickName }) => {
      toast(t('friends.rejectedToast', { nickName }));
      invalidate(friendInfoKey(userId));
      invalidate(friendAppliesKey);
    }),
    pushes.on(NoticeType.CONTACTS_CHANGED, () => {
      // Another device accepted, blocked, deleted or renamed: everything friend-shaped is stale.
      invalidate(friendListKey);
      invalidate(friendInfoBaseKey);
      invalidate(friendAppliesKey);
      void refreshNotices(client);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/**
 * Wires friend notices to the app's socket: pushes, a count refresh whenever the socket opens,
 * and one whenever the page comes back to the foreground while a session is live.
 * Answers a function that undoes the wiring.
 */
export function attachFriendNotices(
  socket: SocketClient,
  pushes: PushSource,
  deps: FriendNoticeDeps,
  target: (Window & typeof globalThis) | undefined = typeof window === 'undefined' ? undefined : window,
): () => void {
  const refresh = throttle(() => void refreshNotices(deps.client), NOTICE_REFRESH_THROTTLE_MS);
  const offPush = handleFriendNotices(pushes, deps);

  let lastStatus = socket.getSnapshot().status;
  const offStatus = socket.subscribe(() => {
    const { status } = socket.getSnapshot();
    if (status === 'open' && lastStatus !== 'open') refresh();
    lastStatus = status;
  });

  const live = () => {
    const { status } = socket.getSnapshot();
    return status === 'open' || status === 'connecting' || status === 'reconnecting';
  };
  const onFocus = () => {
    if (live() && target?.document.visibilityState !== 'hidden') refresh();
  };
  target?.addEventListener('focus', onFocus);
  target?.document.addEventListener('visibilitychange', onFocus);

  return () => {
    offPush();
    offStatus();
    refresh.cancel();
    target?.removeEventListener('focus', onFocus);
    target?.document.removeEventListener('visibilitychange', onFocus);
  };
}
