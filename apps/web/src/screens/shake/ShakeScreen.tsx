import { useEffect, useMemo, useState } from 'react';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/EmptyState';
import { Switch } from '../../components/Switch';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import { ShakeMatch } from './ShakeMatch';
import { createShakeSound, saveSoundSetting, soundSetting } from './shakeSound';
import { useDeviceShake } from './useDeviceShake';
import { useShakeSearch } from './useShakeSearch';
import s from './ShakeScreen.module.css';

export interface ShakeScreenProps {
  addFriendDetailUrl: string;
  chatWindowUrl: string;
  downloadUrl: string;
}

/** A hand holding a phone, drawn here so the page needs no picture. */
function PhoneInHand({ moving }: { moving: boolean }) {
  return (
    <svg className={moving ? `${s.phone} ${s.moving}` : s.phone} viewBox="0 0 120 160" aria-hidden>
      <rect x="30" y="8" width="60" height="112" rx="10" fill="currentColor" />
      <rect x="36" y="20" width="48" height="84" rx="3" fill="var(--shake-screen)" />
      <circle cx="60" cy="112" r="4" fill="var(--shake-screen)" />
      <path
        d="M22 70c-8 6-10 20-6 34l10 30c4 12 14 20 28 20h24c14 0 24-10 24-24V96l-14-6v16H30z"
        fill="var(--shake-hand)"
      />
    </svg>
  );
}

/**
 * Shake (wx/shake/index): shake the phone, or tap Shake, to be paired with someone who shook
 * at the same time, nearest first. The phone sways while a shake is on its way or waits; the
 * swish and the chime can be switched off (kept on this browser). Where the browser has
 * neither motion nor location, the spec's notice that Shake needs the mobile app.
 */
export function ShakeScreen({ addFriendDetailUrl, chatWindowUrl, downloadUrl }: ShakeScreenProps) {
  const t = useT();
  const nav = useNav();
  const [soundOn, setSoundOn] = useState(soundSetting);
  const sound = useMemo(createShakeSound, []);
  const search = useShakeSearch({ sound, soundOn });
  const motion = useDeviceShake(() => void search.start());
  const supported = motion.access !== 'unsupported' || !!globalThis.navigator?.geolocation;

  useEffect(() => {
    // Browsers start audio only after a tap or a key on the page; this runs before the tap's click.
    const unlock = () => {
      if (soundOn) sound.unlock();
    };
    document.addEventListener('pointerup', unlock);
    document.addEventListener('keydown', unlock);
    return () => {
      document.removeEventListener('pointerup', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [sound, soundOn]);
  useEffect(() => () => sound.close(), [sound]);

  if (!supported) {
    return (
      <Page title={t('routes.shake')}>
        <EmptyState title={t('shake.notSupported')}>
          <button type="button" className={s.secondary} onClick={() => nav.navigateTo(downloadUrl)}>
            {t('shake.downloadApp')}
          </button>
        </EmptyState>
      </Page>
    );
  }

  const { phase, result } = search;
  const status =
    phase === 'shaking' || phase === 'waiting'
      ? t('shake.searching')
      : phase === 'none'
        ? t('shake.none')
        : phase === 'idle'
          ? t('shake.hint')
          : '';
  return (
    <Page title={t('routes.shake')}>
      <div className={s.stage}>
        <PhoneInHand moving={phase === 'shaking' || phase === 'waiting'} />
        <p className={s.status} role="status">
          {status}
        </p>
        {result?.status === 'matched' && (
          <ShakeMatch
            person={result.person}
            addFriendDetailUrl={addFriendDetailUrl}
            chatWindowUrl={chatWindowUrl}
          />
        )}
        <button
          type="button"
          className={s.shake}
          aria-busy={phase === 'shaking' || undefined}
          onClick={() => void search.start()}
        >
          {t('shake.shake')}
        </button>
        {motion.access === 'ask' && (
          <button type="button" className={s.secondary} onClick={() => void motion.enable()}>
            {t('shake.enableMotion')}
          </button>
        )}
        {motion.access === 'denied' && <p className={s.note}>{t('shake.motionDenied')}</p>}
        {search.withoutPlace && <p className={s.note}>{t('shake.noLocation')}</p>}
      </div>
      <Switch
        label={t('shake.sound')}
        checked={soundOn}
        onChange={(on) => {
          setSoundOn(on);
          saveSoundSetting(on);
        }}
      />
    </Page>
  );
}
