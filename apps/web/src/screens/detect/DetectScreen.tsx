import { useEffect, useState } from 'react';
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
 * Environment detection (spec 4): the Pi Browser or a normal browser. A failure falls back to
 * normal browser mode and offers a retry; either way the person continues to login.
 */
export function DetectScreen({ loginUrl }: { loginUrl: string }) {
  const t = useT();
  const nav = useNav();
  const [detection, setDetection] = useState<Detection>(detect);

  useEffect(() => {
    if (detection.phase !== 'done') return;
    const timer = setTimeout(() => nav.reLaunch(loginUrl), AUTO_CONTINUE_MS);
    return () => clearTimeout(timer);
  }, [detection, nav, loginUrl]);

  const pi = detection.phase === 'done' && detection.env === 'pi';
  const Icon =
    detection.phase === 'failed' ? ExclamationCircleOutline : pi ? CheckCircleOutline : GlobalOutline;

  return (
    <Page title={t('routes.detect')} back={false}>
      <section className={s.card} role="status" data-phase={detection.phase}>
        <Icon className={s.icon} aria-hidden />
        <h2 className={s.state}>{t(pi ? 'detect.piBrowser' : 'detect.normalBrowser')}</h2>
        <p className={s.hint}>
          {detection.phase === 'failed'
            ? t('detect.failed')
            : t(pi ? 'detect.piBrowserHint' : 'detect.normalBrowserHint')}
        </p>
        {detection.phase === 'done' && <p className={s.hint}>{t('detect.redirecting')}</p>}
      </section>
      <div className={s.actions}>
        <button type="button" className={common.choice} onClick={() => nav.reLaunch(loginUrl)}>
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
