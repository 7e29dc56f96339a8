import type { MyInfo } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { QrCard } from '../../components/QrCard';
import { useT } from '../../i18n';
import { appLink } from '../../lib/appLink';
import { useRegionText } from './useRegions';
import { WithMyInfo } from './WithMyInfo';

/**
 * The link a QR card carries: this user's add-friend page, marked as found by QR code, with the
 * reference that lets whoever scans it open the page.
 */
export function addFriendLink(addFriendUrl: string, userId: string, shareRef: string): string {
  return appLink(addFriendUrl, { userId, source: 'qrcode', ref: shareRef });
}

function MyQrCard({ info, addFriendUrl }: { info: MyInfo; addFriendUrl: string }) {
  const t = useT();
  const region = useRegionText(info.address);
  return (
    <QrCard
      name={info.nickName}
      portrait={info.portrait}
      portraitAlt={info.nickName ? t('me.avatarAlt', { name: info.nickName }) : t('me.defaultAvatar')}
      subtitle={region || undefined}
      link={addFriendLink(addFriendUrl, info.userId, info.shareRef)}
      qrAlt={t('profile.qr.alt', { name: info.nickName })}
      hints={[t('profile.qr.hint')]}
      fileName={`PaiChat-${info.chatNo || info.userId}.png`}
    />
  );
}

/** My QR Code: a card others scan to open this user's add-friend page. */
export function QrCodeScreen({ addFriendUrl }: { addFriendUrl: string }) {
  const t = useT();
  return (
    <Page title={t('routes.myQrCode')}>
      <WithMyInfo>{(info) => <MyQrCard info={info} addFriendUrl={addFriendUrl} />}</WithMyInfo>
    </Page>
  );
}
