import { useT } from '../i18n';
import { applyUpdate, useUpdateAvailable } from '../lib/serviceWorker';
import s from './UpdatePrompt.module.css';

/** "A new version is available — Reload", over every page while a deployed version waits. */
export function UpdatePrompt() {
  const t = useT();
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className={s.prompt} role="status">
      <span>{t('update.available')}</span>
      <button type="button" className={s.reload} onClick={applyUpdate}>
        {t('update.reload')}
      </button>
    </div>
  );
}
