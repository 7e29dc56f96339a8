import { useT } from '../../i18n';
import s from './groups.module.css';

/** A list or a group that could not be loaded, and Retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className={s.note}>
      <p>{text}</p>
      {onRetry && (
        <button type="button" className={s.done} onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
