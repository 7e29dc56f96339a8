import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useOnline } from '../api/online';
import { useT } from '../i18n';
import s from './OfflineNotice.module.css';

/**
 * While the phone has no network: says so, under every title bar. The screen keeps what it
 * had loaded and loads again by itself once the network is back (api/online.ts).
 */
export function OfflineNotice() {
  const t = useT();
  if (useOnline()) return null;
  return (
    <p className={s.notice} role="status">
      <ExclamationCircleOutline className={s.icon} aria-hidden />
      {t('common.offline')}
    </p>
  );
}
