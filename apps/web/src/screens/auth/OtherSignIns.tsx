import { startOAuthLogin, type AuthProviders, type OAuthProvider } from '@paichat/protocol';
import { call } from '../../api/request';
import { useNav, useRouteParams } from '../../nav';
import { useT } from '../../i18n';
import { loginRefusal, type BrowserEnvironment } from '../../lib/environment';
import { goToProvider, leaveForProvider, type LeaveFor } from './providers';
import s from './signIn.module.css';

type Way = 'pi' | OAuthProvider;

/** In the order shown; at most Pi (in the Pi Browser) or Google and Twitter (elsewhere) remain. */
const WAYS: readonly Way[] = ['pi', 'google', 'twitter'];

const LABELS = {
  pi: 'signIn.withPi',
  google: 'signIn.withGoogle',
  twitter: 'signIn.withTwitter',
} as const;

export interface OtherSignInsProps {
  /** What the server offers (`GET /auth/providers`); none when it could not be asked. */
  providers: AuthProviders | undefined;
  /** The Pi login page. */
  piLoginUrl: string;
  /** Where this browser is (the login screen decides it once). */
  env: BrowserEnvironment;
  /** Leaves for Google's or X's page (tests watch it). */
  leave?: LeaveFor;
}

/**
 * The other ways in than the password: those this server offers that can work in this browser
 * (spec 1: Pi only inside the Pi Browser, Google and Twitter only outside it); the others are
 * not shown. In the Pi Browser Pi comes first, above the form, and a divider follows it ("Or log
 * in with your account"); elsewhere they follow the form, under "Or log in with". Back from a
 * failed Google or X attempt (`?provider=google&error=…`), it says "Google login failed" (or
 * Twitter's).
 */
export function OtherSignIns({ providers, piLoginUrl, env, leave = leaveForProvider }: OtherSignInsProps) {
  const t = useT();
  const nav = useNav();
  const params = useRouteParams();
  const failed =
    params.error && (params.provider === 'google' || params.provider === 'twitter')
      ? t(params.provider === 'google' ? 'signIn.googleFailed' : 'signIn.twitterFailed')
      : null;

  const offered = WAYS.filter((way) => providers?.[way] === true && loginRefusal(way, env) === null);

  const signInWith = (way: Way) => {
    if (way === 'pi') {
      nav.navigateTo(piLoginUrl);
      return;
    }
    void goToProvider(way, () => call(startOAuthLogin, { provider: way }, { quiet: true }), t, leave);
  };

  if (offered.length === 0 && !failed) return null;
  // Only between two groups of ways in: these buttons and the password form.
  const divider = offered.length > 0 && (
    <p className={s.divider}>{t(env === 'pi' ? 'signIn.orAccount' : 'signIn.others')}</p>
  );
  return (
    <section className={s.others} aria-label={t('signIn.others')}>
      {failed && (
        <p className={s.failed} role="alert">
          {failed}
        </p>
      )}
      {env !== 'pi' && divider}
      {offered.map((way) => (
        <button
          key={way}
          type="button"
          className={way === 'pi' ? s.piFirst : s.way}
          onClick={() => signInWith(way)}
        >
          {t(LABELS[way])}
        </button>
      ))}
      {env === 'pi' && divider}
    </section>
  );
}
