import { ClockCircleOutline } from 'antd-mobile-icons';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/EmptyState';
import { useT, type RouteTitle } from '../../i18n';

/**
 * A page of the spec's route table whose screen comes with a later issue: its real title and
 * back button, and a plain "Coming soon" — never a stand-in feature.
 */
export function ComingSoonScreen({ title }: { title: RouteTitle }) {
  const t = useT();
  return (
    <Page title={t(`routes.${title}`)}>
      <EmptyState
        icon={<ClockCircleOutline />}
        title={t('common.comingSoon')}
        hint={t('common.comingSoonHint')}
      />
    </Page>
  );
}
