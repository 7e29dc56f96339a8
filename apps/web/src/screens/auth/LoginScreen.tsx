import { useState, type FormEvent } from 'react';
import { TitleBar } from '../../components/TitleBar';
import { AppLink } from '../../components/AppLink';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { ApiError, call } from '../../api/request';
import { useAuthProviders } from '../../api/queries/identities';
import * as endpoints from '../../api/endpoints';
import { check } from '../../lib/checker';
import { detectEnvironment } from '../../lib/environment';
import { useSession } from '../../store/session';
import { BrandHeader } from './BrandHeader';
import { CaptchaField } from './CaptchaField';
import { AccountField, FormEnd } from './FormEnd';
import { PasswordField } from './PasswordField';
import { OtherSignIns } from './OtherSignIns';
import type { LeaveFor } from './providers';
import { loginData, loginRules } from './rules';
import { useVerificationCode } from './useVerificationCode';
import s from './auth.module.css';

export interface LoginScreenProps {
  /** 'brand': the custom header of '/' and wx/login/index; 'bar': a title bar (wl/login/index). */
  header: 'brand' | 'bar';
  /** Where a successful login goes (the Message tab). */
  homeUrl: string;
  signUpUrl: string;
  agreementUrl: string;
  /** What PaiChat is (the Intro page). */
  introUrl: string;
  /** Pi login (wx/login/piLogin). */
  piLoginUrl: string;
  /** The browser's user agent (tests set one). */
  userAgent?: string;
  /** Leaves for Google's or X's page (tests watch it). */
  leave?: LeaveFor;
}

/**
 * Login: chat ID and password, and the other ways in the server offers (OtherSignIns): in the
 * Pi Browser Pi first, above the form; elsewhere Google and Twitter below it. The form shows
 * once the server has said whether it wants a verification code and which other ways it
 * offers, so that no field or button appears or goes after it is drawn. A refused login is said
 * under the fields, where it covers none of them.
 */
export function LoginScreen({
  header,
  homeUrl,
  signUpUrl,
  agreementUrl,
  introUrl,
  piLoginUrl,
  userAgent = navigator.userAgent,
  leave,
}: LoginScreenProps) {
  const t = useT();
  const [env] = useState(() => detectEnvironment(userAgent));
  const nav = useNav();
  const session = useSession();
  const code = useVerificationCode();
  const providers = useAuthProviders();
  const ready = code.ready && !providers.isPending;
  const others = (
    <OtherSignIns
      providers={providers.data}
      piLoginUrl={piLoginUrl}
      env={env}
      {...(leave ? { leave } : {})}
    />
  );

  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const values = loginData({ account, password, code: code.code, agreed });
    const failure = check(values, loginRules(t, code.enabled));
    setError(failure?.message ?? null);
    if (failure) return;

    setBusy(true);
    try {
      const { token } = await call(
        endpoints.login,
        { account: values.account, password, ...code.answer() },
        { quiet: true },
      );
      await session.signIn(token);
      nav.reLaunch(homeUrl);
    } catch (failure) {
      // The request function's message (the server's reason, the network), here rather than in a
      // toast: at the top it would cover the Account field.
      setError(failure instanceof ApiError ? failure.message : t('errors.requestFailed'));
      code.refused(failure, values.account);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={s.screen}>
      {header === 'brand' ? (
        <BrandHeader />
      ) : (
        <TitleBar title={t('routes.login')} onBack={nav.navigateBack} />
      )}
      <main className={s.main} aria-busy={!ready}>
        {ready && (
          <>
            {env === 'pi' && others}
            <form className={s.form} onSubmit={submit} noValidate>
              <AccountField
                label={t('login.account')}
                placeholder={t('login.accountPlaceholder')}
                value={account}
                onValueChange={setAccount}
              />
              <PasswordField
                label={t('login.password')}
                placeholder={t('login.passwordPlaceholder')}
                value={password}
                onValueChange={setPassword}
                autoComplete="current-password"
                maxLength={64}
              />
              {code.enabled && <CaptchaField {...code.field} />}
              <FormEnd
                checked={agreed}
                onChange={setAgreed}
                agreementUrl={agreementUrl}
                error={error}
                busy={busy}
                submitLabel={t('login.submit')}
              />
            </form>
            {env !== 'pi' && others}
            <p className={s.alt}>
              <span>{t('login.noAccount')}</span>
              <AppLink to={signUpUrl} className={s.altAction}>
                {t('login.createAccount')}
              </AppLink>
            </p>
            <p className={s.alt}>
              <AppLink to={introUrl} className={s.altAction}>
                {t('login.whatIs')}
              </AppLink>
            </p>
          </>
        )}
      </main>
    </div>
  );
}
