import { addMessageToFavorites, addNoteToFavorites, deleteFavorite, listFavorites } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { FavoritesService } from './service';

export function favoritesRoutes(app: FastifyInstance, favorites: FavoritesService): void {
  route(app, addMessageToFavorites, (input, ctx) =>
    favorites.addMessage(ctx.auth().userId, input.chatId, input.msgId),
  );
  route(app, addNoteToFavorites, (input, ctx) => favorites.addNote(ctx.auth().userId, input.text));
  route(app, listFavorites, (input, ctx) => favorites.list(ctx.auth().userId, input));
  route(app, deleteFavorite, (input, ctx) => favorites.remove(ctx.auth().userId, input.favoriteId));
}
