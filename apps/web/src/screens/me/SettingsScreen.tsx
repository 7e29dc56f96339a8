import { useTranslation } from 'react-i18next';
import { APP_NAME, APP_VERSION } from '@paichat/protocol';
import { InfoList } from '../../components/InfoList';
import { Page } from '../../components/Page';
import { useNav } from '../../nav';
import { NATIVE_NAMES, currentLocale, directionOf, useT } from '../../i18n';
import { useSignOut } from './useSignOut';
import s from './MeScreen.module.css';

export interface SettingsLinks {
  language: string;
  password: string;
}

/** Settings: language, password, what this app is, and sign-out. */
export function SettingsScreen({ links }: { links: SettingsLinks }) {
  const t = useT();
  const nav = useNav();
  // Re-render with the language's own name when it changes.
  useTranslation();
  const onSignOut = useSignOut();
  const locale = currentLocale();

  return (
    <Page title={t('routes.settings')}>
      <InfoList
        rows={[
          {
            key: 'language',
            label: t('routes.language'),
            value: (
              <bdi lang={locale} dir={directionOf(locale)}>
                {NATIVE_NAMES[locale]}
              </bdi>
            ),
            onPress: () => nav.navigateTo(links.language),
          },
          {
            key: 'password',
            label: t('profile.setPassword'),
            onPress: () => nav.navigateTo(links.password),
          },
        ]}
      />
      <InfoList
        rows={[
          {
            key: 'about',
            label: t('profile.settings.about'),
            value: t('profile.settings.aboutValue', { name: APP_NAME, version: APP_VERSION }),
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
