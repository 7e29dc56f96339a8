import { useEffect, useState } from 'react';
import { useAuthProviders } from '../../api/queries/identities';
import { CheckCircleOutline, ExclamationCircleOutline, GlobalOutline } from 'antd-mobile-icons';
import { Page } from '../../components/Page';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { detectEnvironment, type BrowserEnvironment } from '../../lib/environment';
import common from '../common/common.module.css';
import s from './DetectScreen.module.css';

type Detection = { phase: 'done'; env: BrowserEnvironment } | { phase: 'failed' };

/** After a detected environment, continue to login on our own after this pause. */
export const AUTO_CONTINUE_MS = 1200;

function detect(): Detection {
  try {
    return { phase: 'done', env: detectEnvironment(navigator.userAgent) };
  } catch {
    return { phase: 'failed' };
  }
}

/**
 * Environment detection (spec 4): the Pi Browser or a normal browser. In the Pi Browser the
 * person continues to Pi login when the server offers it, elsewhere to the login form (with
 * Google and Twitter when offered). A failure falls back to normal browser mode and offers a
 * retry.
 */
export function DetectScreen({ loginUrl, piLoginUrl }: { loginUrl: string; piLoginUrl: string }) {
  const t = useT();
  const nav = useNav();
  const [detection, setDetection] = useState<Detection>(detect);
  const providers = useAuthProviders();

  const pi = detection.phase === 'done' && detection.env === 'pi';
  // Until the server has said whether it offers Pi login, the Pi Browser's way on is not known.
  const next = pi && providers.isPending ? null : pi && providers.data?.pi ? piLoginUrl : loginUrl;

  useEffect(() => {
    if (detection.phase !== 'done' || next === null) return;
    const timer = setTimeout(() => nav.reLaunch(next), AUTO_CONTINUE_MS);
    return () => clearTimeout(timer);
  }, [detection, nav, next]);

  const Icon =
    detection.phase === 'failed' ? ExclamationCircleOutline : pi ? CheckCircleOutline : GlobalOutline;

  return (
    <Page title={t('routes.detect')} back={false}>
      <section
        className={common.statusCard}
        role="status"
        data-phase={detection.phase}
        data-trouble={detection.phase === 'failed'}
      >
        <Icon className={common.statusIcon} aria-hidden />
        <h2 className={s.state}>{t(pi ? 'detect.piBrowser' : 'detect.normalBrowser')}</h2>
        <p className={s.hint}>
          {detection.phase === 'failed'
            ? t('detect.failed')
            : t(pi ? 'detect.piBrowserHint' : 'detect.normalBrowserHint')}
        </p>
        {detection.phase === 'done' && <p className={s.hint}>{t('detect.redirecting')}</p>}
      </section>
      <div className={common.entryActions}>
        <button type="button" className={common.choice} onClick={() => nav.reLaunch(next ?? loginUrl)}>
          {t('common.continue')}
        </button>
        {detection.phase === 'failed' && (
          <button type="button" className={common.otherChoice} onClick={() => setDetection(detect())}>
            {t('common.retry')}
          </button>
        )}
      </div>
    </Page>
  );
}
