/**
 * Which version of each group's notice this device has shown (localStorage, cleared with the
 * session): the chat shows a notice on entering until it is closed, and again once it changes.
 */
const key = (groupId: string) => `groupNoticeSeen_${groupId}`;

/** The notice time last seen of a group (0: never). */
export function noticeSeenAt(groupId: string): number {
  try {
    return Number(localStorage.getItem(key(groupId))) || 0;
  } catch {
    return 0;
  }
}

export function markNoticeSeen(groupId: string, noticeTime: number): void {
  try {
    localStorage.setItem(key(groupId), String(noticeTime));
  } catch {
    // Private mode: the notice shows again next time.
  }
}
