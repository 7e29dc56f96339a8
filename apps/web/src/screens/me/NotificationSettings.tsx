import { useState } from 'react';
import { Switch } from '../../components/Switch';
import { useT } from '../../i18n';
import { notificationAccess, notificationSettings } from '../../store/notificationSwitches';
import {
  disableNotifications,
  enableNotifications,
  setNotificationPreview,
} from '../../store/pushNotifications';
import s from './NotificationSettings.module.css';

/**
 * Settings' notification switches for this device: new-message notifications (the browser's
 * permission is asked from this tap, never before) and whether they show the sender and a
 * preview. A browser that refused says how to allow it again; one that cannot notify says so.
 */
export function NotificationSettings() {
  const t = useT();
  const [settings, setSettings] = useState(notificationSettings);
  const [access, setAccess] = useState(notificationAccess);
  const [busy, setBusy] = useState(false);

  const run = async (change: () => Promise<void>) => {
    setBusy(true);
    try {
      await change();
    } catch {
      // The request layer has told the person; the switches show what holds.
    } finally {
      setSettings(notificationSettings());
      setAccess(notificationAccess());
      setBusy(false);
    }
  };

  const onEnable = (on: boolean) =>
    void run(async () => {
      if (on) await enableNotifications(settings.preview);
      else await disableNotifications();
    });

  return (
    <div className={s.section}>
      <Switch
        label={t('notifications.newMessages')}
        checked={settings.enabled}
        disabled={access === 'unsupported' || access === 'denied'}
        busy={busy}
        onChange={onEnable}
      />
      {access === 'denied' && <p className={s.note}>{t('notifications.denied')}</p>}
      {access === 'unsupported' && <p className={s.note}>{t('notifications.unsupported')}</p>}
      <Switch
        label={t('notifications.preview')}
        checked={settings.preview}
        busy={busy}
        onChange={(on) => void run(() => setNotificationPreview(on))}
      />
    </div>
  );
}
