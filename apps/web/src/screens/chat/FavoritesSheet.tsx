import { StarOutline } from 'antd-mobile-icons';
import { Sheet } from '../../components/chat/Sheet';
import { EmptyState } from '../../components/EmptyState';
import { useT } from '../../i18n';
import s from './ChatWindow.module.css';

/** Favorites to share. The favorites list arrives with its own issue; until then it is empty. */
export function FavoritesSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Sheet open={open} title={t('chatWindow.favorites')} onClose={onClose}>
      <EmptyState
        icon={<StarOutline />}
        title={t('chatWindow.noFavorites')}
        hint={t('chatWindow.noFavoritesHint')}
      />
      <button type="button" className={s.sheetCancel} onClick={onClose}>
        {t('chatWindow.close')}
      </button>
    </Sheet>
  );
}
