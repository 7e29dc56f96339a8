import { useTranslation } from 'react-i18next';
import { APP_NAME, APP_VERSION, APP_VERSION_CODE, DEVICE } from '@paichat/protocol';
import { InfoList } from '../../components/InfoList';
import { Page } from '../../components/Page';
import { useNav } from '../../nav';
import { NATIVE_NAMES, currentLocale, directionOf, useT } from '../../i18n';
import { useClearChatCache } from '../../store/chat/hooks';
import { confirmDialog, showToast } from '../../lib/ui';
import { LinkPreviewSetting } from './LinkPreviewSetting';
import { NotificationSettings } from './NotificationSettings';
import { ReadReceiptsSetting } from './ReadReceiptsSetting';
import { useSignOut } from './useSignOut';
import s from './MeScreen.module.css';

export interface SettingsLinks {
  language: string;
  password: string;
  /** The ways into the account: password, Pi, Google, Twitter. */
  accounts: string;
  agreement: string;
  /** What PaiChat is: About opens it. */
  intro: string;
}

/**
 * Settings: language, password, the accounts to sign in with, the privacy and service agreement, what this app is, clearing
 * the chats stored on this browser (they come back from the server), notifications and link previews on this
 * device, and sign-out.
 */
export function SettingsScreen({ links }: { links: SettingsLinks }) {
  const t = useT();
  const nav = useNav();
  // Re-render with the language's own name when it changes.
  useTranslation();
  const onSignOut = useSignOut();
  const clearChatCache = useClearChatCache();
  const locale = currentLocale();

  const clearCache = async () => {
    const sure = await confirmDialog({
      title: t('settings.clearCacheConfirm'),
      content: t('settings.clearCacheHint'),
      confirmText: t('settings.clear'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    await clearChatCache();
    showToast(t('settings.cacheCleared'), { role: 'status' });
  };

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
          {
            key: 'accounts',
            label: t('routes.accounts'),
            onPress: () => nav.navigateTo(links.accounts),
          },
          {
            key: 'agreement',
            label: t('routes.agreement'),
            onPress: () => nav.navigateTo(links.agreement),
          },
          {
            key: 'cache',
            label: t('settings.clearCache'),
            onPress: () => void clearCache(),
          },
        ]}
      />
      <NotificationSettings />
      <LinkPreviewSetting />
      <ReadReceiptsSetting />
      <InfoList
        rows={[
          {
            key: 'about',
            label: t('profile.settings.about'),
            value: t('profile.settings.aboutValue', {
              name: APP_NAME,
              version: APP_VERSION,
              code: APP_VERSION_CODE,
              device: DEVICE,
            }),
            // Long in most languages: whole, under its label, on a narrow phone too.
            stacked: true,
            onPress: () => nav.navigateTo(links.intro),
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
