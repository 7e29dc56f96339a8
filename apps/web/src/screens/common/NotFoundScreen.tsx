import { QuestionCircleOutline } from 'antd-mobile-icons';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/EmptyState';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import s from './common.module.css';

/** An unknown path: say so, and offer the way home. */
export function NotFoundScreen({ homeUrl }: { homeUrl: string }) {
  const t = useT();
  const nav = useNav();
  return (
    <Page title={t('routes.notFound')}>
      <EmptyState icon={<QuestionCircleOutline />} hint={t('notFound.body')}>
        <button type="button" className={s.primary} onClick={() => nav.reLaunch(homeUrl)}>
          {t('notFound.home')}
        </button>
      </EmptyState>
    </Page>
  );
}
