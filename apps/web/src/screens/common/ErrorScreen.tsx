import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { TitleBar } from '../../components/TitleBar';
import { EmptyState } from '../../components/EmptyState';
import { useT } from '../../i18n';
import s from './common.module.css';

/** A screen threw while rendering: keep the app's frame and offer a reload. */
export function ErrorScreen() {
  const t = useT();
  return (
    <div>
      <TitleBar title={t('errors.internal')} />
      <main>
        <EmptyState icon={<ExclamationCircleOutline />}>
          <button type="button" className={s.primary} onClick={() => window.location.reload()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      </main>
    </div>
  );
}
