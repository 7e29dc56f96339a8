import { useMemo } from 'react';
import type { Friend, GroupFace } from '@paichat/protocol';
import { useFriendList } from '../../api/queries/friendList';
import { useSavedGroups } from '../../api/queries/savedGroups';
import { matchesKeyword } from '../../lib/contactSearch';
import { useChatList } from '../../store/chat/hooks';

export interface GroupMatch {
  chatId: string;
  name: string;
  portrait: string;
  faces?: readonly GroupFace[] | undefined;
}

/** At most this many contacts and groups are listed for a keyword (the best are typed further). */
const MAX_LOCAL = 50;

/**
 * The contacts and groups a keyword finds, from what the device holds: friends by remark,
 * nickname, chat ID or pinyin; groups saved to contacts and group chats of the chat list by name.
 */
export function useLocalMatches(keyword: string): { contacts: Friend[]; groups: GroupMatch[] } {
  const friends = useFriendList().data;
  const saved = useSavedGroups().data;
  const { list } = useChatList();
  const contacts = useMemo(
    () =>
      keyword
        ? (friends ?? [])
            .filter((f) => matchesKeyword(keyword, [f.remark, f.nickName, f.chatNo]))
            .slice(0, MAX_LOCAL)
        : [],
    [friends, keyword],
  );
  const groups = useMemo(() => {
    if (!keyword) return [];
    const byChat = new Map<string, GroupMatch>();
    for (const g of saved ?? [])
      byChat.set(g.chatId, { chatId: g.chatId, name: g.name, portrait: g.portrait, faces: g.faces });
    for (const entry of list)
      if (entry.windowType === 'GROUP' && !byChat.has(entry.chatId))
        byChat.set(entry.chatId, {
          chatId: entry.chatId,
          name: entry.nickName,
          portrait: entry.portrait,
          faces: entry.faces,
        });
    return [...byChat.values()].filter((g) => matchesKeyword(keyword, [g.name])).slice(0, MAX_LOCAL);
  }, [saved, list, keyword]);
  return { contacts, groups };
}
