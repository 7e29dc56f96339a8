import { z } from 'zod';
import { ChatId } from './chats';
import { endpoint } from './endpoint';
import { CollectionContentOut, IdString, TEXT_MAX } from './messages';
import { text } from './text';

/**
 * Favorites (spec 1, 2 `wx/favorites/*`): a person's own saved items. Saving a message keeps a
 * copy of its content with its sender's name and time, so the favorite outlives the message
 * (a cleared chat, a left group). A note is written straight into Favorites.
 *
 * Favorites are private: every endpoint acts on the caller's own only, and an id that is not
 * theirs answers exactly as one that does not exist (`favoriteNotFound`). Sending one into a
 * chat is a COLLECTION message naming its id (see `CollectionContentInput`); the server copies it.
 */

export const FavoriteId = IdString('favoriteId');

/** A note is at most this many characters (as a chat text). */
export const FAVORITE_NOTE_MAX = TEXT_MAX;
/** A search is at most this many characters. */
export const FAVORITE_KEYWORD_MAX = 64;
/** Favorites per page of the list. */
export const FAVORITE_PAGE_SIZE = 20;

export const Favorite = CollectionContentOut.extend({
  favoriteId: z.string(),
  /** When it was saved (ms). */
  createdAt: z.number(),
});
export type Favorite = z.infer<typeof Favorite>;

export const FavoritePage = z.object({
  list: z.array(Favorite),
  /** Pass as `before` for the next (older) page; null on the last one. */
  next: z.string().nullable(),
});
export type FavoritePage = z.infer<typeof FavoritePage>;

export const addMessageToFavorites = endpoint({
  method: 'POST',
  path: '/favorites/addMessage',
  request: z.object({ chatId: ChatId, msgId: IdString('msgId') }),
  response: Favorite,
  auth: true,
  summary: 'Save a message of one of my chats (saving it again answers the same favorite)',
});

export const addNoteToFavorites = endpoint({
  method: 'POST',
  path: '/favorites/addNote',
  request: z.object({
    text: text(FAVORITE_NOTE_MAX, { multiline: true, trim: true }).min(1, 'please fill content'),
  }),
  response: Favorite,
  auth: true,
  summary: 'Write a note into my Favorites',
});

export const listFavorites = endpoint({
  method: 'POST',
  path: '/favorites/list',
  request: z.object({
    /** Only favorites whose text, place, person or sender contains this (any case). */
    keyword: text(FAVORITE_KEYWORD_MAX, { trim: true }).default(''),
    before: FavoriteId.optional(),
    pageSize: z.number().int().min(1).max(50).default(FAVORITE_PAGE_SIZE),
  }),
  response: FavoritePage,
  auth: true,
  summary: 'My favorites, newest first',
});

export const deleteFavorite = endpoint({
  method: 'POST',
  path: '/favorites/delete',
  request: z.object({ favoriteId: FavoriteId }),
  response: z.null(),
  auth: true,
  summary: 'Delete one of my favorites',
});
