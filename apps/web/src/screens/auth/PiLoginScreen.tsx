import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircleOutline, ExclamationCircleOutline, LoopOutline } from 'antd-mobile-icons';
import { piLogin } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { ApiError, call } from '../../api/request';
import { authProvidersQuery } from '../../api/queries/identities';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { detectEnvironment } from '../../lib/environment';
import { authenticateWithPi, loadPiSdk, PiTimeoutError, withPiTimeout } from '../../lib/piSdk';
import { useSession } from '../../store/session';
import common from '../common/common.module.css';
import s from './signIn.module.css';

/**
 * Pi login (spec 4): initializing the SDK, authenticating, processing (the server verifies the
 * token with Pi), success, then redirecting to the Message tab. A failure says "Authentication
 * failed, please retry" (or the server's reason), an SDK that does not answer in time "PI
 * authentication timeout", both with Retry; outside the Pi Browser it does not start: "Pi login
 * unsupported in this environment".
 */
export type PiLoginStatus =
  | 'initializing'
  | 'authenticating'
  | 'processing'
  | 'success'
  | 'redirecting'
  | 'failed'
  | 'timeout'
  | 'unsupported';

/** How long "Login successful" shows before redirecting, and "Redirecting…" before the Message tab. */
export const SUCCESS_SHOWN_MS = 800;
export const REDIRECT_SHOWN_MS = 400;

const TEXT = {
  initializing: 'piLogin.initializing',
  authenticating: 'piLogin.authenticating',
  processing: 'piLogin.processing',
  success: 'piLogin.success',
  redirecting: 'piLogin.redirecting',
  failed: 'errors.piLoginFailed',
  timeout: 'piLogin.timeout',
  unsupported: 'signIn.piUnsupported',
} as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface PiLoginScreenProps {
  /** Where a signed-in person lands (the Message tab). */
  homeUrl: string;
  /** The password login, offered instead. */
  loginUrl: string;
  /** The browser's user agent (tests set one). */
  userAgent?: string;
}

export function PiLoginScreen({ homeUrl, loginUrl, userAgent = navigator.userAgent }: PiLoginScreenProps) {
  const t = useT();
  const nav = useNav();
  const session = useSession();
  const queryClient = useQueryClient();
  const inPiBrowser = detectEnvironment(userAgent) === 'pi';
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<PiLoginStatus>(inPiBrowser ? 'initializing' : 'unsupported');
  const [reason, setReason] = useState<string | null>(null);

  useEffect(() => {
    if (!inPiBrowser) return;
    let alive = true;
    const show = (next: PiLoginStatus) => {
      if (alive) setStatus(next);
    };
    void (async () => {
      show('initializing');
      setReason(null);
      try {
        const providers = await queryClient.fetchQuery(authProvidersQuery);
        if (!providers.pi) {
          setReason(t('errors.loginNotConfigured'));
          show('failed');
          return;
        }
        const sdk = await withPiTimeout(loadPiSdk());
        const accessToken = await authenticateWithPi(sdk, providers.piSandbox, () => show('authenticating'));
        if (!alive) return;
        show('processing');
        const { token } = await call(piLogin, { accessToken }, { quiet: true });
        if (!alive) return;
        show('success');
        await Promise.all([session.signIn(token), wait(SUCCESS_SHOWN_MS)]);
        if (!alive) return;
        show('redirecting');
        await wait(REDIRECT_SHOWN_MS);
        if (alive) nav.reLaunch(homeUrl);
      } catch (failure) {
        if (!alive) return;
        if (failure instanceof PiTimeoutError) {
          show('timeout');
          return;
        }
        // The server's reason when it gave one (registration closed, …); otherwise the spec's text.
        if (failure instanceof ApiError && failure.kind === 'business' && failure.err !== 'piLoginFailed')
          setReason(failure.message);
        show('failed');
      }
    })();
    return () => {
      alive = false;
    };
  }, [attempt, inPiBrowser, queryClient, session, nav, homeUrl, t]);

  const trouble = status === 'failed' || status === 'timeout' || status === 'unsupported';
  const Icon = trouble
    ? ExclamationCircleOutline
    : status === 'success' || status === 'redirecting'
      ? CheckCircleOutline
      : LoopOutline;

  return (
    <Page title={t('routes.piLogin')}>
      <section className={common.statusCard} data-trouble={trouble}>
        <Icon className={common.statusIcon} aria-hidden />
        <p className={s.status} role={trouble ? 'alert' : 'status'} data-pi-status={status}>
          {status === 'failed' && reason ? reason : t(TEXT[status])}
        </p>
      </section>
      <div className={common.entryActions}>
        {(status === 'failed' || status === 'timeout') && (
          <button type="button" className={common.choice} onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        )}
        {trouble && (
          <button type="button" className={common.otherChoice} onClick={() => nav.redirectTo(loginUrl)}>
            {t('piLogin.usePassword')}
          </button>
        )}
      </div>
    </Page>
  );
}
