import { useRef } from 'react';
import { DotLoading } from 'antd-mobile';
import { SystemQRcodeOutline } from 'antd-mobile-icons';
import type { UserInfo } from '@paichat/protocol';
import { Avatar } from '../../components/Avatar';
import { InfoList } from '../../components/InfoList';
import { Page } from '../../components/Page';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { GENDER_LABEL } from './genders';
import { useAvatarUpload } from './useAvatarUpload';
import { useRegionText } from './useRegions';
import { WithMyInfo } from './WithMyInfo';
import s from './profile.module.css';

export interface PersonalInfoLinks {
  nickName: string;
  chatNo: string;
  qrCode: string;
  gender: string;
  region: string;
  bio: string;
  password: string;
}

function PersonalInfoRows({ info, links }: { info: UserInfo; links: PersonalInfoLinks }) {
  const t = useT();
  const nav = useNav();
  const fileInput = useRef<HTMLInputElement>(null);
  const avatar = useAvatarUpload();
  const go = (url: string) => () => nav.navigateTo(url);
  const notSet = t('profile.notSet');
  const region = useRegionText(info.address);

  return (
    <>
      <InfoList
        rows={[
          {
            key: 'avatar',
            label: t('profile.avatar'),
            busy: avatar.state !== 'idle',
            value:
              avatar.state === 'idle' ? (
                <Avatar
                  name={info.nickName}
                  src={info.portrait || undefined}
                  alt={info.nickName ? t('me.avatarAlt', { name: info.nickName }) : t('me.defaultAvatar')}
                  size={56}
                />
              ) : (
                <span className={s.busy}>
                  <DotLoading color="currentColor" aria-hidden />
                  {t('profile.uploading')}
                </span>
              ),
            onPress: () => fileInput.current?.click(),
          },
          { key: 'nickName', label: t('profile.name'), value: info.nickName, onPress: go(links.nickName) },
          {
            key: 'chatNo',
            label: t('profile.chatId'),
            value: info.chatNo || notSet,
            onPress: go(links.chatNo),
          },
          {
            key: 'qrCode',
            label: t('profile.myQrCode'),
            value: <SystemQRcodeOutline aria-hidden className={s.rowIcon} />,
            onPress: go(links.qrCode),
          },
        ]}
      />
      <InfoList
        rows={[
          {
            key: 'gender',
            label: t('profile.gender'),
            value: t(GENDER_LABEL[info.gender]),
            onPress: go(links.gender),
          },
          { key: 'region', label: t('profile.region'), value: region || notSet, onPress: go(links.region) },
          { key: 'bio', label: t('profile.bio'), value: info.intro || notSet, onPress: go(links.bio) },
        ]}
      />
      <InfoList rows={[{ key: 'password', label: t('profile.setPassword'), onPress: go(links.password) }]} />
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('profile.chooseAvatar')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again still reports a change.
          event.target.value = '';
          if (file) void avatar.upload(file);
        }}
      />
    </>
  );
}

/** Personal Info: each profile field with its current value, each opening its editor. */
export function PersonalInfoScreen({ links }: { links: PersonalInfoLinks }) {
  const t = useT();
  return (
    <Page title={t('routes.personalInfo')}>
      <WithMyInfo>{(info) => <PersonalInfoRows info={info} links={links} />}</WithMyInfo>
    </Page>
  );
}
