import type { Favorite, FavoriteKind } from '@paichat/protocol';
import { useT } from '../../i18n';
import { contentPreview } from '../../store/chat/preview';

/** A quoted text is cut to this many characters when it names its favorite in a question. */
const QUOTE_MAX = 20;

/** How favorites are named in the interface: by kind ("Picture"), and in a question ("this picture", "“Pack the…”"). */
export function useFavoriteTexts() {
  const t = useT();
  const kindLabel = (kind: FavoriteKind): string =>
    ({
      TEXT: t('favorites.kind.TEXT'),
      NOTE: t('favorites.kind.NOTE'),
      IMAGE: t('favorites.kind.IMAGE'),
      VOICE: t('favorites.kind.VOICE'),
      VIDEO: t('favorites.kind.VIDEO'),
      LOCATION: t('favorites.kind.LOCATION'),
      CARD: t('favorites.kind.CARD'),
    })[kind];
  const itemName = (favorite: Favorite): string => {
    switch (favorite.kind) {
      case 'IMAGE':
        return t('favorites.item.IMAGE');
      case 'VOICE':
        return t('favorites.item.VOICE');
      case 'VIDEO':
        return t('favorites.item.VIDEO');
      case 'LOCATION':
        return t('favorites.item.LOCATION');
      case 'CARD':
        return t('favorites.item.CARD');
    }
    const text = contentPreview({ msgType: favorite.kind, content: favorite.content });
    return t('favorites.quoted', { text: text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text });
  };
  return { kindLabel, itemName };
}
