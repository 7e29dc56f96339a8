import { Page } from '../../components/Page';
import { NoWayOn } from '../../components/NoWayOn';
import { useT } from '../../i18n';

/** An unknown path: say so, and offer the way home. */
export function NotFoundScreen({ homeUrl }: { homeUrl: string }) {
  const t = useT();
  return (
    <Page title={t('routes.notFound')}>
      <NoWayOn hint={t('notFound.body')} home={{ url: homeUrl, label: t('notFound.home') }} />
    </Page>
  );
}
