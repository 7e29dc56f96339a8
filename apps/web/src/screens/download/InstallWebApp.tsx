import { useT } from '../../i18n';
import { useInstallOffer } from '../../lib/installApp';
import s from './DownloadScreen.module.css';

/**
 * Where the server offers no app to download, the web app itself can be installed: the
 * browser's install prompt where it offers one, otherwise where its own "Add to Home screen" is.
 */
export function InstallWebApp() {
  const t = useT();
  const { prompt, installed } = useInstallOffer();
  return (
    <section className={s.section} aria-labelledby="download-install">
      <h2 id="download-install" className={s.heading}>
        {t('download.installTitle')}
      </h2>
      {installed ? (
        <p className={s.note}>{t('download.installed')}</p>
      ) : (
        <>
          <p className={s.note}>{t('download.installText')}</p>
          {prompt ? (
            <button type="button" className={s.primary} onClick={() => void prompt()}>
              {t('download.install')}
            </button>
          ) : (
            <p className={s.note}>{t('download.installSteps')}</p>
          )}
        </>
      )}
    </section>
  );
}
