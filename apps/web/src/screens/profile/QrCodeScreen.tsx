import { useId, useRef } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { DownlandOutline, LinkOutline, ScanningOutline } from 'antd-mobile-icons';
import type { UserInfo } from '@paichat/protocol';
import { Avatar } from '../../components/Avatar';
import { Page } from '../../components/Page';
import { showToast } from '../../components/ui';
import { useT } from '../../i18n';
import { appLink } from '../../lib/appLink';
import { copyText } from '../../lib/clipboard';
import { qrPng, saveBlob } from '../../lib/qrImage';
import { useRegionText } from './useRegions';
import { WithMyInfo } from './WithMyInfo';
import s from './QrCodeScreen.module.css';

export const QR_SIZE = 220;

/** The link a QR card carries: this user's add-friend page, marked as found by QR code. */
export function addFriendLink(addFriendUrl: string, userId: string): string {
  return appLink(addFriendUrl, { userId, source: 'qrcode' });
}

function QrCard({ info, addFriendUrl }: { info: UserInfo; addFriendUrl: string }) {
  const t = useT();
  const qr = useRef<SVGSVGElement>(null);
  const nameId = useId();
  const link = addFriendLink(addFriendUrl, info.userId);
  const region = useRegionText(info.address);

  const copy = async () => {
    const copied = await copyText(link);
    showToast(t(copied ? 'profile.qr.copied' : 'profile.qr.copyFailed'), {
      role: copied ? 'status' : 'alert',
    });
  };
  const save = async () => {
    try {
      if (!qr.current) throw new Error('no QR code');
      saveBlob(await qrPng(qr.current, info.nickName), `PaiChat-${info.chatNo || info.userId}.png`);
      showToast(t('profile.qr.saved'), { role: 'status' });
    } catch {
      showToast(t('profile.qr.saveFailed'));
    }
  };

  return (
    <>
      <section className={s.card} aria-labelledby={nameId}>
        <div className={s.who}>
          <Avatar
            name={info.nickName}
            src={info.portrait || undefined}
            alt={info.nickName ? t('me.avatarAlt', { name: info.nickName }) : t('me.defaultAvatar')}
            size={56}
          />
          <div className={s.names}>
            <h2 id={nameId} className={s.name}>
              {info.nickName}
            </h2>
            {region && <p className={s.region}>{region}</p>}
          </div>
        </div>
        <QRCodeSVG
          ref={qr}
          className={s.qr}
          value={link}
          size={QR_SIZE}
          level="M"
          marginSize={2}
          role="img"
          aria-label={t('profile.qr.alt', { name: info.nickName })}
        />
        <p className={s.hint}>{t('profile.qr.hint')}</p>
      </section>
      <div className={s.actions}>
        <button
          type="button"
          className={s.action}
          onClick={() => showToast(t('profile.qr.scan'), { role: 'status' })}
        >
          <ScanningOutline aria-hidden />
          {t('profile.qr.scan')}
        </button>
        <button type="button" className={s.action} onClick={() => void save()}>
          <DownlandOutline aria-hidden />
          {t('profile.qr.save')}
        </button>
        <button type="button" className={s.action} onClick={() => void copy()}>
          <LinkOutline aria-hidden />
          {t('profile.qr.copyLink')}
        </button>
      </div>
    </>
  );
}

/** My QR Code: a card others scan to open this user's add-friend page. */
export function QrCodeScreen({ addFriendUrl }: { addFriendUrl: string }) {
  const t = useT();
  return (
    <Page title={t('routes.myQrCode')}>
      <WithMyInfo>{(info) => <QrCard info={info} addFriendUrl={addFriendUrl} />}</WithMyInfo>
    </Page>
  );
}
