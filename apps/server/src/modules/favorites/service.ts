import {
  FavoriteKind,
  type CollectionContentOut,
  type Favorite,
  type FavoritePage,
  type ServerMessage,
} from '@paichat/protocol';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import type { FavoriteRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { CannotFavoriteError, FavoriteNotFoundError } from '../../errors';
import { parseBigId, parseId } from '../../ids';
import * as repo from './repo';

export interface FavoritesServiceDeps {
  db: Db;
  clock: Clock;
  /** A message of one of the viewer's chats as they see it (MessageNotFound / ChatNotFound otherwise). */
  messageOf: (viewerId: number, chatId: string, msgId: string) => Promise<ServerMessage>;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The words a favorite is found by, in lower case: its text, place or person, and its sender. */
function searchTextOf(kind: FavoriteKind, content: Record<string, unknown>, sourceName: string): string {
  const words: Record<FavoriteKind, string[]> = {
    TEXT: [str(content.text)],
    NOTE: [str(content.text)],
    LOCATION: [str(content.name), str(content.address)],
    CARD: [str(content.nickName)],
    IMAGE: [],
    VOICE: [],
    VIDEO: [],
  };
  return [...words[kind], sourceName].filter(Boolean).join('\n').toLowerCase();
}

const parseContent = (json: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(json);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};

function snapshotOf(row: FavoriteRow): CollectionContentOut {
  return {
    kind: FavoriteKind.parse(row.kind),
    content: parseContent(row.content),
    sourceName: row.source_name,
    sourceTime: row.source_time,
  };
}

const toFavorite = (row: FavoriteRow): Favorite => ({
  ...snapshotOf(row),
  favoriteId: String(row.id),
  createdAt: row.created_at,
});

/** Favorites: each person's own, never anyone else's (see packages/protocol favorites.ts). */
export function createFavoritesService({ db, clock, messageOf }: FavoritesServiceDeps) {
  const parseFavoriteId = (value: string): number => {
    const id = parseId(value);
    if (id === null) throw new FavoriteNotFoundError();
    return id;
  };

  async function add(
    ownerId: number,
    favorite: Omit<repo.NewFavorite, 'ownerId' | 'searchText' | 'createdAt'>,
  ) {
    const kind = FavoriteKind.parse(favorite.kind);
    const row = await repo.insertFavorite(db, {
      ...favorite,
      ownerId,
      searchText: searchTextOf(kind, favorite.content, favorite.sourceName),
      createdAt: clock.now(),
    });
    return toFavorite(row);
  }

  return {
    /** Saves a copy of a message the owner can see; saving it again answers the same favorite. */
    async addMessage(ownerId: number, chatId: string, msgId: string): Promise<Favorite> {
      const message = await messageOf(ownerId, chatId, msgId);
      const kind = FavoriteKind.safeParse(message.msgType);
      if (!kind.success || kind.data === 'NOTE') throw new CannotFavoriteError();
      const sourceMsgId = parseBigId(message.msgId);
      const saved =
        sourceMsgId === null ? undefined : await repo.findBySourceMessage(db, ownerId, sourceMsgId);
      if (saved) return toFavorite(saved);
      try {
        return await add(ownerId, {
          kind: kind.data,
          content: message.content,
          sourceName: message.fromGroupNick || message.fromNickName,
          sourceTime: message.createTime,
          sourceMsgId,
        });
      } catch (error) {
        // Saved at the same moment from another device: answer that one.
        const raced = isUniqueViolation(error) && sourceMsgId !== null;
        const row = raced ? await repo.findBySourceMessage(db, ownerId, sourceMsgId) : undefined;
        if (row) return toFavorite(row);
        throw error;
      }
    },

    addNote(ownerId: number, text: string): Promise<Favorite> {
      return add(ownerId, {
        kind: 'NOTE',
        content: { text },
        sourceName: '',
        sourceTime: clock.now(),
        sourceMsgId: null,
      });
    },

    async list(
      ownerId: number,
      input: { keyword: string; before?: string | undefined; pageSize: number },
    ): Promise<FavoritePage> {
      const beforeId = input.before === undefined ? null : parseId(input.before);
      const rows = await repo.listFavorites(db, ownerId, {
        keyword: input.keyword.toLowerCase(),
        beforeId,
        limit: input.pageSize + 1,
      });
      const page = rows.slice(0, input.pageSize);
      const last = page.at(-1);
      return {
        list: page.map(toFavorite),
        next: rows.length > input.pageSize && last ? String(last.id) : null,
      };
    },

    async remove(ownerId: number, favoriteId: string): Promise<null> {
      if (!(await repo.deleteFavorite(db, ownerId, parseFavoriteId(favoriteId))))
        throw new FavoriteNotFoundError();
      return null;
    },

    /** What a COLLECTION message of the owner's favorite carries; null when it is not theirs. */
    async snapshot(ownerId: number, favoriteId: string): Promise<CollectionContentOut | null> {
      const id = parseId(favoriteId);
      const row = id === null ? undefined : await repo.findFavorite(db, ownerId, id);
      return row ? snapshotOf(row) : null;
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
