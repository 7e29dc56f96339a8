import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { ApiError } from '../api/request';
import { useT } from '../i18n';
import s from './ConnectionFailed.module.css';

/** Whether a failed load got no answer at all: offline, or the connection timed out. */
export const isConnectionFailure = (error: unknown): boolean =>
  error instanceof ApiError && error.kind === 'network';

/**
 * A page whose data got no answer (offline, or the connection timed out, spec 8): the whole
 * area is the retry, "Click the screen to try again". A refusal of the server says why instead,
 * where the page shows it.
 */
export function ConnectionFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <button type="button" className={s.area} onClick={onRetry}>
      <ExclamationCircleOutline className={s.icon} aria-hidden />
      <span className={s.title}>{t('errors.network')}</span>
      <span className={s.hint}>{t('common.tapToRetry')}</span>
    </button>
  );
}
