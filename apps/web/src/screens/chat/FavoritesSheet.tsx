import { useMemo } from 'react';
import { StarOutline } from 'antd-mobile-icons';
import { favoritesOf, useFavorites } from '../../api/queries/favorites';
import { Sheet } from '../../components/chat/Sheet';
import { EmptyState } from '../../components/EmptyState';
import { useT } from '../../i18n';
import { useNow } from '../../lib/useNow';
import { FavoriteSummary } from '../favorites/FavoriteSummary';
import s from './ChatWindow.module.css';

function FavoriteChoices({ onPick }: { onPick: (favoriteId: string) => void }) {
  const t = useT();
  const now = useNow();
  const query = useFavorites();
  const favorites = useMemo(() => favoritesOf(query.data), [query.data]);
  if (query.isPending) return <p className={s.sheetNote}>{t('common.loading')}</p>;
  if (query.isError && favorites.length === 0) {
    return (
      <div className={s.sheetNote}>
        <p>{t('favorites.loadFailed')}</p>
        <button type="button" className={s.sheetLink} onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (favorites.length === 0) {
    return (
      <EmptyState
        icon={<StarOutline />}
        title={t('chatWindow.noFavorites')}
        hint={t('chatWindow.noFavoritesHint')}
      />
    );
  }
  return (
    <ul className={s.pickList}>
      {favorites.map((favorite) => (
        <li key={favorite.favoriteId}>
          <button type="button" className={s.pickItem} onClick={() => onPick(favorite.favoriteId)}>
            <FavoriteSummary favorite={favorite} now={now} />
          </button>
        </li>
      ))}
      {query.hasNextPage && (
        <li>
          <button
            type="button"
            className={s.sheetLink}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('favorites.more')}
          </button>
        </li>
      )}
    </ul>
  );
}

/** My favorites, newest first: the one tapped is sent into the chat (a COLLECTION message). */
export function FavoritesSheet({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (favoriteId: string) => void;
}) {
  const t = useT();
  return (
    <Sheet open={open} title={t('chatWindow.favorites')} onClose={onClose}>
      {open && <FavoriteChoices onPick={(favoriteId) => (onClose(), onPick(favoriteId))} />}
      <button type="button" className={s.sheetCancel} onClick={onClose}>
        {t('chatWindow.close')}
      </button>
    </Sheet>
  );
}
