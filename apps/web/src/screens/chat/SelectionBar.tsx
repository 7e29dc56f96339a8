import type { ForwardMode } from '@paichat/protocol';
import { useT } from '../../i18n';
import s from './Forward.module.css';

export interface SelectionBarProps {
  count: number;
  /** Every chosen message can be forwarded. */
  canForward: boolean;
  onForward: (mode: ForwardMode) => void;
  onFavorite: () => void;
  onDelete: () => void;
  onCancel: () => void;
}

/** Multi-select's bar, in the composer's place: what to do with the chosen messages. */
export function SelectionBar({
  count,
  canForward,
  onForward,
  onFavorite,
  onDelete,
  onCancel,
}: SelectionBarProps) {
  const t = useT();
  const none = count === 0;
  return (
    <div role="toolbar" aria-label={t('multiSelect.actions')} className={s.bar}>
      <span role="status">{t('multiSelect.count', { count })}</span>
      <button
        type="button"
        className={s.barButton}
        disabled={none || !canForward}
        onClick={() => onForward('EACH')}
      >
        {t('multiSelect.forwardEach')}
      </button>
      <button
        type="button"
        className={s.barButton}
        disabled={none || !canForward}
        onClick={() => onForward('MERGED')}
      >
        {t('multiSelect.forwardMerged')}
      </button>
      <button type="button" className={s.barButton} disabled={none} onClick={onFavorite}>
        {t('multiSelect.favorite')}
      </button>
      <button type="button" className={s.barButton} data-danger disabled={none} onClick={onDelete}>
        {t('multiSelect.delete')}
      </button>
      <button type="button" className={s.barButton} onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
