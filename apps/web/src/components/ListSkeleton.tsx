import { useT } from '../i18n';
import s from './ListSkeleton.module.css';

export interface ListSkeletonProps {
  /** Grey rows to show; a phone screen's worth by default. */
  rows?: number;
  /** Rows with a round photo (people, chats) or square (groups). */
  photo?: 'round' | 'square';
}

/**
 * A list whose first answer is on its way: grey rows in its shape, never an empty state that
 * is not true yet. Screen readers hear "Loading".
 */
export function ListSkeleton({ rows = 8, photo = 'round' }: ListSkeletonProps) {
  const t = useT();
  return (
    <div className={s.list} role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={s.row} aria-hidden>
          <span className={s.photo} data-shape={photo} />
          <span className={s.lines}>
            <span className={s.line} />
            <span className={s.line} data-short />
          </span>
        </div>
      ))}
    </div>
  );
}
