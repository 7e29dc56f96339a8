import {
  DownlandOutline,
  GlobalOutline,
  MessageOutline,
  PicturesOutline,
  SetOutline,
  StarOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { Page } from '../../components/Page';
import { EntryList } from '../../components/EntryList';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { useSignedIn } from '../../store/session';
import { ProfileCard } from './ProfileCard';
import { useSignOut } from './useSignOut';
import s from './MeScreen.module.css';

export interface MeLinks {
  personalInfo: string;
  album: string;
  favorites: string;
  settings: string;
  language: string;
  feedback: string;
  download: string;
}

/** Me tab: who is signed in, the ways to their settings, and sign-out. */
export function MeScreen({ links }: { links: MeLinks }) {
  const t = useT();
  const nav = useNav();
  const signedIn = useSignedIn();

  const go = (url: string) => () => nav.navigateTo(url);
  const onSignOut = useSignOut();

  return (
    <Page title={t('routes.me')} back={false}>
      <ProfileCard enabled={signedIn} onOpen={go(links.personalInfo)} />
      <EntryList
        entries={[
          {
            key: 'personalInfo',
            label: t('routes.personalInfo'),
            icon: <UserOutline />,
            onPress: go(links.personalInfo),
          },
          { key: 'album', label: t('routes.myAlbum'), icon: <PicturesOutline />, onPress: go(links.album) },
          {
            key: 'favorites',
            label: t('routes.favorites'),
            icon: <StarOutline />,
            onPress: go(links.favorites),
          },
        ]}
      />
      <EntryList
        entries={[
          { key: 'settings', label: t('routes.settings'), icon: <SetOutline />, onPress: go(links.settings) },
          {
            key: 'language',
            label: t('routes.language'),
            icon: <GlobalOutline />,
            onPress: go(links.language),
          },
          {
            key: 'feedback',
            label: t('routes.feedback'),
            icon: <MessageOutline />,
            onPress: go(links.feedback),
          },
          {
            key: 'download',
            label: t('routes.download'),
            icon: <DownlandOutline />,
            onPress: go(links.download),
          },
        ]}
      />
      <div className={s.signOutRow}>
        <button type="button" className={s.signOut} onClick={() => void onSignOut()}>
          {t('me.signOut')}
        </button>
      </div>
    </Page>
  );
}
