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
import { z } from 'zod';
import { NoticeType, type ServerPush } from '@paichat/protocol';
import { refreshNotices, setFriendApplyCount } from '../api/queries/notices';
import { friendListKey } from '../api/queries/friendList';
import { friendAppliesKey } from '../api/queries/friendApplies';
import { friendInfoBaseKey, friendInfoKey } from '../api/queries/friendInfo';
import { throttle } from '../lib/throttle';
import { t } from '../i18n';
import type { SocketClient } from '../realtime/SocketClient';

/** Spec 9: tab refreshes at most once per second. */
export const NOTICE_REFRESH_THROTTLE_MS = 1_000;

const ApplyContent = z.object({ count: z.number().int().nonnegative() });
const PersonContent = z.object({ userId: z.string(), nickName: z.string() });

export interface FriendNoticeDeps {
  client: QueryClient;
  toast: (message: string) => void;
}

/** What a friend notice changes; other pushes pass through untouched. */
export function handleFriendPush(push: ServerPush, deps: FriendNoticeDeps): void {
  if (push.pushType !== 'NOTICE') return;
  const { client, toast } = deps;
  const invalidate = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });

  switch (push.noticeType) {
    case NoticeType.FRIEND_APPLY: {
      const content = ApplyContent.safeParse(push.msgContent);
      if (content.success) setFriendApplyCount(client, content.data.count);
      else void refreshNotices(client);
      invalidate(friendAppliesKey);
      break;
    }
    case NoticeType.FRIEND_ACCEPTED: {
      const content = PersonContent.safeParse(push.msgContent);
      if (content.success) {
        toast(t('friends.acceptedToast', { nickName: content.data.nickName }));
        invalidate(friendInfoKey(content.data.userId));
      }
      invalidate(friendListKey);
      invalidate(friendAppliesKey);
      break;
    }
    case NoticeType.FRIEND_REJECTED: {
      const content = PersonContent.safeParse(push.msgContent);
      if (content.success) {
        toast(t('friends.rejectedToast', { nickName: content.data.nickName }));
        invalidate(friendInfoKey(content.data.userId));
      }
      invalidate(friendAppliesKey);
      break;
    }
    case NoticeType.CONTACTS_CHANGED:
      // Another device accepted, blocked, deleted or renamed: everything friend-shaped is stale.
      invalidate(friendListKey);
      invalidate(friendInfoBaseKey);
      invalidate(friendAppliesKey);
      void refreshNotices(client);
      break;
    default:
      break;
  }
}

/**
 * Wires friend notices to the app's socket: pushes, a count refresh whenever the socket opens,
 * and one whenever the page comes back to the foreground while a session is live.
 * Answers a function that undoes the wiring.
 */
export function attachFriendNotices(
  socket: SocketClient,
  deps: FriendNoticeDeps,
  target: (Window & typeof globalThis) | undefined = typeof window === 'undefined' ? undefined : window,
): () => void {
  const refresh = throttle(() => void refreshNotices(deps.client), NOTICE_REFRESH_THROTTLE_MS);
  const offPush = socket.onPush((push) => handleFriendPush(push, deps));

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
