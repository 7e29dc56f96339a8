import { CompassOutline, EnvironmentOutline, LoopOutline } from 'antd-mobile-icons';
import { Page } from '../../components/Page';
import { EntryList } from '../../components/EntryList';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { Avatar } from '../../components/Avatar';
import { badgeText } from '../../lib/badge';
import { useMomentNotices } from '../../store/tabBadges';

export interface DiscoverScreenProps {
  momentsUrl: string;
  shakeUrl: string;
  nearbyUrl: string;
}

/**
 * Discover tab: moments, shake and people nearby. The Moments entry shows how many likes and
 * comments wait unread (a count), else the avatar of the newest friend's post not yet seen
 * (with a red dot).
 */
export function DiscoverScreen({ momentsUrl, shakeUrl, nearbyUrl }: DiscoverScreenProps) {
  const t = useT();
  const nav = useNav();
  const moments = useMomentNotices();
  const badge = badgeText(moments.count);
  const news = badge
    ? { badge, description: t('tabs.unread', { count: moments.count }) }
    : moments.portrait
      ? {
          picture: <Avatar name="" src={moments.portrait} alt="" size={28} />,
          description: t('discover.newMoments'),
        }
      : undefined;
  return (
    <Page title={t('routes.discover')} back={false}>
      <EntryList
        entries={[
          {
            key: 'moments',
            label: t('routes.moments'),
            icon: <CompassOutline />,
            ...(news ? { news } : {}),
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
