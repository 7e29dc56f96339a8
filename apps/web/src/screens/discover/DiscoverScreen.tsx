import {
  AppstoreOutline,
  CompassOutline,
  EnvironmentOutline,
  LoopOutline,
  PlayOutline,
  SearchOutline,
  ShopbagOutline,
  SmileOutline,
  StarOutline,
  TeamOutline,
  VideoOutline,
  ContentOutline,
  PayCircleOutline,
} from 'antd-mobile-icons';
import { Page } from '../../components/Page';
import { EntryList } from '../../components/EntryList';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { Avatar } from '../../components/Avatar';
import { badgeText } from '../../lib/badge';
import { useMomentNotices } from '../../store/tabBadges';
import { showToast } from '../../lib/ui';
import { PiBrowserDialog } from './PiBrowserDialog';

/**
 * What the original app offers in Discover and PaiChat does not (spec 1): greyed and tagged
 * "Not available", and said so when tapped.
 */
const UNAVAILABLE = [
  ['miniPrograms', AppstoreOutline],
  ['channels', VideoOutline],
  ['live', PlayOutline],
  ['look', StarOutline],
  ['search', SearchOutline],
  ['shopping', ShopbagOutline],
  ['games', SmileOutline],
  ['services', TeamOutline],
  ['wallet', PayCircleOutline],
  ['stickers', ContentOutline],
] as const;

export interface DiscoverScreenProps {
  momentsUrl: string;
  shakeUrl: string;
  nearbyUrl: string;
}

/**
 * Discover tab: moments, shake and people nearby, then the features PaiChat does not have. The Moments entry shows how many likes and
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
    : moments.author
      ? {
          picture: <Avatar name={moments.author.nickName} src={moments.author.portrait} alt="" size={28} />,
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
      <EntryList
        label={t('discover.unavailableLabel')}
        entries={UNAVAILABLE.map(([key, Icon]) => ({
          key,
          label: t(`discover.features.${key}`),
          icon: <Icon />,
          unavailable: t('discover.unavailableLabel'),
          onPress: () => showToast(t('discover.unavailable', { feature: t(`discover.features.${key}`) })),
        }))}
      />
      <PiBrowserDialog />
    </Page>
  );
}
