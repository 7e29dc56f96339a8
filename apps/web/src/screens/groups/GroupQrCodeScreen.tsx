import type { GroupView } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { QrCard } from '../../components/QrCard';
import { useGroupQrCode } from '../../api/queries/groupCode';
import { currentLocale, useT } from '../../i18n';
import { appLink } from '../../lib/appLink';
import { GroupLoader, useGroupIdParam } from './GroupLoader';
import s from './groups.module.css';

function GroupQrCard({ group, scanCodeUrl }: { group: GroupView; scanCodeUrl: string }) {
  const t = useT();
  const qrCode = useGroupQrCode(group.groupId);
  if (!qrCode.data) {
    return <p className={s.note}>{t(qrCode.isError ? 'groups.qr.loadFailed' : 'common.loading')}</p>;
  }
  const date = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(
    qrCode.data.expiresAt,
  );
  return (
    <QrCard
      name={group.name}
      portrait={group.portrait}
      faces={group.faces}
      portraitAlt=""
      link={appLink(scanCodeUrl, { code: qrCode.data.code })}
      qrAlt={t('groups.qr.alt', { name: group.name })}
      hints={[t('groups.qr.hint'), t('groups.qr.validUntil', { date })]}
      fileName={`PaiChat-group-${group.groupId}.png`}
    />
  );
}

/**
 * Group QR Code (`wx/groupInfo/QRcode?groupId=…`): a code valid for 7 days that opens the
 * group's `wx/groupInfo/scanCodeDetail` page, where a signed-in non-member can join.
 */
export function GroupQrCodeScreen({ scanCodeUrl }: { scanCodeUrl: string }) {
  const t = useT();
  const groupId = useGroupIdParam();
  return (
    <Page title={t('routes.groupQrCode')}>
      <GroupLoader groupId={groupId}>
        {({ group }) => <GroupQrCard group={group} scanCodeUrl={scanCodeUrl} />}
      </GroupLoader>
    </Page>
  );
}
