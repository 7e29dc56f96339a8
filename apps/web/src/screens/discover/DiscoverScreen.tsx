import { CompassOutline, EnvironmentOutline, LoopOutline } from 'antd-mobile-icons';
import { Page } from '../../components/Page';
import { EntryList } from '../../components/EntryList';
import { useNav } from '../../nav';
import { useT } from '../../i18n';

export interface DiscoverScreenProps {
  momentsUrl: string;
  shakeUrl: string;
  nearbyUrl: string;
}

/** Discover tab: moments, shake and people nearby. */
export function DiscoverScreen({ momentsUrl, shakeUrl, nearbyUrl }: DiscoverScreenProps) {
  const t = useT();
  const nav = useNav();
  return (
    <Page title={t('routes.discover')} back={false}>
      <EntryList
        entries={[
          {
            key: 'moments',
            label: t('routes.moments'),
            icon: <CompassOutline />,
            onPress: () => nav.navigateTo(momentsUrl),
          },
          {
            key: 'shake',
            label: t('routes.shake'),
            icon: <LoopOutline />,
            onPress: () => nav.navigateTo(shakeUrl),
          },
          {
            key: 'nearby',
            label: t('routes.nearby'),
            icon: <EnvironmentOutline />,
            onPress: () => nav.navigateTo(nearbyUrl),
          },
        ]}
      />
    </Page>
  );
}
