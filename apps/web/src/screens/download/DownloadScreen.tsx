import { QRCodeSVG } from 'qrcode.react';
import { ANDROID_REQUIREMENT, APP_NAME, IOS_REQUIREMENT } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { useAppDownload } from '../../api/queries/appDownload';
import { currentLocale, LOCALES, NATIVE_NAMES, directionOf, useT } from '../../i18n';
import { copyAndTell } from '../../lib/clipboard';
import { cannotDownload } from '../../lib/environment';
import { showToast } from '../../lib/ui';
import { InstallWebApp } from './InstallWebApp';
import s from './DownloadScreen.module.css';

const MB = 1024 * 1024;

/**
 * Download App: download now (the app's version, size and last update), the system
 * requirements, a QR code of the link, the supported languages and Copy link. WeChat's and the
 * Pi Browser's in-app browsers cannot download: there the page says to open an external browser.
 * A server without an app to download offers installing the web app instead.
 */
export function DownloadScreen({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const t = useT();
  const download = useAppDownload();
  const locale = currentLocale();
  const inApp = cannotDownload(userAgent);
  const app = download.data;

  // The file is another site's: the browser downloads it; this page only says where it cannot.
  const start = () => {
    if (inApp) showToast(t('download.inAppTip'));
    else if (!app?.url) showToast(t('download.failed'));
    else window.location.assign(app.url);
  };
  const copy = async () => {
    if (app?.url) await copyAndTell(app.url, 'manual');
  };

  const facts = app
    ? [
        t('download.version', { version: app.version, code: app.versionCode }),
        app.size > 0 &&
          t('download.size', {
            size: new Intl.NumberFormat(locale, {
              style: 'unit',
              unit: 'megabyte',
              maximumFractionDigits: 1,
            }).format(app.size / MB),
          }),
        app.updatedAt > 0 &&
          t('download.updated', {
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
              app.updatedAt,
            ),
          }),
      ].filter((fact): fact is string => typeof fact === 'string')
    : [];

  return (
    <Page title={t('routes.download')}>
      <section className={s.hero} aria-labelledby="download-app">
        <h2 id="download-app" className={s.name}>
          {APP_NAME}
        </h2>
        {download.isPending && <p className={s.note}>{t('common.loading')}</p>}
        {download.isError && (
          <p className={s.note}>
            {t('download.loadFailed')}{' '}
            <button type="button" className={s.link} onClick={() => void download.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        )}
        {facts.length > 0 && (
          <ul className={s.facts}>
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        )}
        {inApp && (
          <p className={s.tip} role="note">
            {t('download.inAppTip')}
          </p>
        )}
        {app && !app.url ? (
          <p className={s.note}>{t('download.unavailable')}</p>
        ) : (
          <button type="button" className={s.primary} disabled={download.isPending} onClick={start}>
            {t('download.now')}
          </button>
        )}
      </section>

      {app && !app.url && !inApp && <InstallWebApp />}

      <section className={s.section} aria-labelledby="download-requirements">
        <h2 id="download-requirements" className={s.heading}>
          {t('download.requirements')}
        </h2>
        <ul className={s.list}>
          <li>{t('download.android', ANDROID_REQUIREMENT)}</li>
          <li>
            {t('download.ios', IOS_REQUIREMENT)} <span className={s.soon}>{t('common.comingSoon')}</span>
          </li>
        </ul>
      </section>

      {app?.url && (
        <section className={s.section} aria-labelledby="download-qr">
          <h2 id="download-qr" className={s.heading}>
            {t('download.scan')}
          </h2>
          <QRCodeSVG
            className={s.qr}
            value={app.url}
            size={180}
            role="img"
            aria-label={t('download.qrAlt')}
            title={t('download.qrAlt')}
          />
          <button type="button" className={s.secondary} onClick={() => void copy()}>
            {t('profile.qr.copyLink')}
          </button>
        </section>
      )}

      <section className={s.section} aria-labelledby="download-languages">
        <h2 id="download-languages" className={s.heading}>
          {t('download.languages')}
        </h2>
        <ul className={s.languages}>
          {LOCALES.map((code) => (
            <li key={code} lang={code} dir={directionOf(code)}>
              {NATIVE_NAMES[code]}
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
