import { startOAuthLogin, type OAuthProvider } from '@paichat/protocol';
import { call } from '../../api/request';
import { useAuthProviders } from '../../api/queries/identities';
import { useNav, useRouteParams } from '../../nav';
import { useT } from '../../i18n';
import { loginRefusal, type BrowserEnvironment } from '../../lib/environment';
import { showToast } from '../../lib/ui';
import { goToProvider, leaveForProvider, type LeaveFor } from './providers';
import s from './signIn.module.css';

type Way = 'pi' | OAuthProvider;

const LABELS = {
  pi: 'signIn.withPi',
  google: 'signIn.withGoogle',
  twitter: 'signIn.withTwitter',
} as const;

export interface OtherSignInsProps {
  /** The Pi login page. */
  piLoginUrl: string;
  /** Where this browser is (the login screen decides it once). */
  env: BrowserEnvironment;
  /** Leaves for Google's or X's page (tests watch it). */
  leave?: LeaveFor;
}

/**
 * The other ways in than the password: the services this server offers (the others are not
 * shown), Pi first in the Pi Browser. Each follows spec 1's rules for this browser: Pi only
 * inside the Pi Browser, Google and Twitter only outside it. Back from a failed Google or X
 * attempt (`?provider=google&error=…`), it says "Google login failed" (or Twitter's).
 */
export function OtherSignIns({ piLoginUrl, env, leave = leaveForProvider }: OtherSignInsProps) {
  const t = useT();
  const nav = useNav();
  const { data: providers } = useAuthProviders();
  const params = useRouteParams();
  const failed =
    params.error && (params.provider === 'google' || params.provider === 'twitter')
      ? t(params.provider === 'google' ? 'signIn.googleFailed' : 'signIn.twitterFailed')
      : null;

  const offered: Way[] = (
    env === 'pi' ? (['pi', 'google', 'twitter'] as const) : (['google', 'twitter', 'pi'] as const)
  ).filter((way) => providers?.[way] === true);

  const signInWith = (way: Way) => {
    const refusal = loginRefusal(way, env);
    if (refusal) {
      showToast(
        refusal.key === 'signIn.notSupported' ? t(refusal.key, { type: refusal.type }) : t(refusal.key),
      );
      return;
    }
    if (way === 'pi') {
      nav.navigateTo(piLoginUrl);
      return;
    }
    void goToProvider(way, () => call(startOAuthLogin, { provider: way }, { quiet: true }), t, leave);
  };

  if (offered.length === 0 && !failed) return null;
  return (
    <section className={s.others} aria-label={t('signIn.others')}>
      {failed && (
        <p className={s.failed} role="alert">
          {failed}
        </p>
      )}
      {offered.length > 0 && <p className={s.othersTitle}>{t('signIn.others')}</p>}
      {offered.map((way) => (
        <button
          key={way}
          type="button"
          className={way === 'pi' && env === 'pi' ? s.piFirst : s.way}
          onClick={() => signInWith(way)}
        >
          {t(LABELS[way])}
        </button>
      ))}
    </section>
  );
}
