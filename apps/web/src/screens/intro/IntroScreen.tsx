import { useId } from 'react';
import {
  CompassOutline,
  GlobalOutline,
  MessageOutline,
  UnlockOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import { APP_NAME } from '@paichat/protocol';
import { AppLogo } from '../../components/AppLogo';
import { Page } from '../../components/Page';
import { LOCALES, useT } from '../../i18n';
import { useNav } from '../../nav';
import { useSignedIn } from '../../store/session';
import common from '../common/common.module.css';
import s from './IntroScreen.module.css';

export interface IntroLinks {
  /** Sign in (the login page with a title bar, so Back returns here). */
  login: string;
  signUp: string;
  /** The Message tab, for someone already signed in. */
  home: string;
}

/**
 * Intro (`wx/intro/index`), titled with the product name: what PaiChat is, and the way in —
 * sign in or sign up, or, when signed in already, the chats.
 */
export function IntroScreen({ links }: { links: IntroLinks }) {
  const t = useT();
  const nav = useNav();
  const signedIn = useSignedIn();
  const featuresId = useId();

  const features = [
    { key: 'chats', Icon: MessageOutline, text: t('intro.chats') },
    { key: 'contacts', Icon: UserAddOutline, text: t('intro.contacts') },
    { key: 'moments', Icon: CompassOutline, text: t('intro.moments') },
    { key: 'languages', Icon: GlobalOutline, text: t('intro.languages', { number: LOCALES.length }) },
    { key: 'openSource', Icon: UnlockOutline, text: t('intro.openSource') },
  ];

  return (
    <Page title={APP_NAME}>
      <article className={s.intro}>
        <AppLogo className={s.logo} />
        <p className={s.summary}>{t('intro.summary')}</p>
        <section aria-labelledby={featuresId}>
          <h2 id={featuresId} className={s.heading}>
            {t('intro.featuresTitle')}
          </h2>
          <ul className={s.features}>
            {features.map(({ key, Icon, text }) => (
              <li key={key} className={s.feature}>
                <Icon className={s.icon} aria-hidden />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </section>
        <div className={s.actions}>
          {signedIn ? (
            <button type="button" className={common.choice} onClick={() => nav.switchTab(links.home)}>
              {t('intro.openChats')}
            </button>
          ) : (
            <>
              <button type="button" className={common.choice} onClick={() => nav.navigateTo(links.login)}>
                {t('login.submit')}
              </button>
              <button
                type="button"
                className={common.otherChoice}
                onClick={() => nav.navigateTo(links.signUp)}
              >
                {t('login.createAccount')}
              </button>
            </>
          )}
        </div>
      </article>
    </Page>
  );
}
