/**
 * Message search: the caller's messages, across all their chats, that contain a keyword, newest
 * first, a page at a time (`next` is the last hit's msgId). The index holds every searchable
 * message once; who may read a hit is decided when searching, by the same bounds as reading a
 * chat (repo.searchMessages), so clearing a chat or leaving a group hides its hits at once.
 * A search first waits for the messages committed before it to be indexed (indexer.ts: a turn
 * or so), so a sender finds what they just sent.
 */
import { ChatType, type MessageHit, type MessageHitPage } from '@paichat/protocol';
import type { Db } from '../../db';
import { ValidationError } from '../../errors';
import { parseBigId } from '../../ids';
import * as chatsRepo from '../chats/repo';
import { parseStoredContent } from '../chats/views';
import * as usersRepo from '../users/repo';
import * as repo from './repo';
import { highlightRanges, queryGroups, searchableText } from './terms';

export interface SearchInput {
  keyword: string;
  before?: string | undefined;
  pageSize: number;
}

export function createSearchService({ db, indexed }: { db: Db; indexed: () => Promise<void> }) {
  return {
    async messages(viewerId: number, input: SearchInput): Promise<MessageHitPage> {
      const groups = queryGroups(input.keyword);
      if (groups.length === 0) return { list: [], next: null };
      const before = input.before === undefined ? Number.MAX_SAFE_INTEGER : parseBigId(input.before);
      if (before === null) throw new ValidationError('before must be an id');
      await indexed();
      // One more than a page tells whether another follows.
      const rows = await repo.searchMessages(db, viewerId, groups, before, input.pageSize + 1);
      const page = rows.slice(0, input.pageSize);
      const senderIds = page.map((r) => r.sender_id).filter((id): id is number => id !== null);
      const [sessions, users] = await Promise.all([
        chatsRepo.findSessions(db, viewerId, [...new Set(page.map((r) => r.chat_id))]),
        usersRepo.findUsersByIds(db, senderIds),
      ]);
      const chats = new Map(sessions.map((c) => [c.chat_id, c]));
      const senders = new Map(users.map((u) => [u.id, u]));
      const list = page.map((row): MessageHit => {
        const chat = chats.get(row.chat_id);
        const group = chat?.type === ChatType.GROUP;
        const sender = row.sender_id === null ? undefined : senders.get(row.sender_id);
        const text = searchableText(row.msg_type, parseStoredContent(row.content)) ?? '';
        return {
          chatId: String(row.chat_id),
          chatType: group ? ChatType.GROUP : ChatType.SINGLE,
          peerId: chat?.peer_id == null ? '' : String(chat.peer_id),
          chatName: (group ? chat?.group_name : chat?.peer_remark || chat?.peer_nick_name) ?? '',
          chatPortrait: (group ? chat?.group_portrait : chat?.peer_portrait) ?? '',
          msgId: String(row.id),
          seq: row.seq,
          msgType: row.msg_type,
          isSelf: row.sender_id === viewerId ? 'Y' : 'N',
          fromNickName: row.group_nick || sender?.nick_name || '',
          text,
          highlights: highlightRanges(text, groups),
          createTime: row.created_at,
        };
      });
      const last = page.at(-1);
      return { list, next: rows.length > input.pageSize && last ? String(last.id) : null };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
