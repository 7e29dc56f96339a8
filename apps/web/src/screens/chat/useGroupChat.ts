import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { friendListQuery, remarkLookup } from '../../api/queries/friendList';
import { useT } from '../../i18n';
import { showNameOf } from '../../store/chat/messages';
import type { ChatListEntry, LocalMessage } from '../../store/chat/types';

export interface GroupChat {
  /** The group's id, when the chat is a group. */
  groupId?: string;
  /** The name above each received bubble (spec showName: group nickname, remark, nickname). */
  senderName?: (message: LocalMessage) => string;
  /** Why the user can no longer write here (they left, or the group was dismissed). */
  readOnlyText?: string;
}

/** What a group chat's window adds to a one-to-one chat's. */
export function useGroupChat(entry: ChatListEntry | undefined): GroupChat {
  const t = useT();
  const isGroup = entry?.windowType === 'GROUP';
  const friends = useQuery({ ...friendListQuery, enabled: isGroup });
  const senderName = useMemo(() => {
    if (!isGroup) return undefined;
    const remarkOf = remarkLookup(friends.data);
    return (message: LocalMessage) => showNameOf(message, remarkOf);
  }, [isGroup, friends.data]);
  if (!isGroup || !entry) return {};
  let readOnlyText: string | undefined;
  if (entry.groupStatus === 'LEFT') readOnlyText = t('chatWindow.groupLeft');
  if (entry.groupStatus === 'DISMISSED') readOnlyText = t('chatWindow.groupDismissed');
  return { groupId: entry.userId, senderName, readOnlyText };
}
