import { useEffect, useId, useState, type FormEvent } from 'react';
import { LOCATION_ADDRESS_MAX, LOCATION_NAME_MAX } from '@paichat/protocol';
import { Sheet } from '../../components/chat/Sheet';
import { currentPosition } from '../../lib/geolocation';
import { showToast } from '../../lib/ui';
import { useT } from '../../i18n';
import s from './ChatWindow.module.css';

export interface PlaceToSend {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

export interface LocationSheetProps {
  open: boolean;
  onClose: () => void;
  onSend: (place: PlaceToSend) => void;
  /** The browser's geolocation (injectable for tests). */
  geolocation?: Geolocation | undefined;
}

type Fix = { state: 'locating' } | { state: 'ready'; latitude: number; longitude: number };

/**
 * Share a place: the device's position, named by the person (the name is required, spec 5:
 * "please select a location"), with an optional address. No position (refused, off,
 * unavailable) closes the sheet with "the location is not enabled".
 */
export function LocationSheet({
  open,
  onClose,
  onSend,
  geolocation = globalThis.navigator?.geolocation,
}: LocationSheetProps) {
  const t = useT();
  const nameId = useId();
  const errorId = useId();
  const [fix, setFix] = useState<Fix>({ state: 'locating' });
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!open) return;
    let live = true;
    setFix({ state: 'locating' });
    setName('');
    setAddress('');
    setError('');
    void currentPosition(geolocation).then((position) => {
      if (!live) return;
      if (position) {
        setFix({ state: 'ready', ...position });
      } else {
        showToast(t('chatWindow.locationOff'));
        onClose();
      }
    });
    return () => {
      live = false;
    };
    // Runs once per opening; t and onClose changing identity must not ask for the position again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, geolocation]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('chatWindow.locationRequired'));
      return;
    }
    if (fix.state !== 'ready') return;
    onSend({ name: name.trim(), address: address.trim(), latitude: fix.latitude, longitude: fix.longitude });
    onClose();
  };

  return (
    <Sheet open={open} title={t('chatWindow.locationTitle')} onClose={onClose}>
      <form className={s.sheetForm} onSubmit={submit} noValidate>
        <p className={s.sheetNote} aria-live="polite">
          {fix.state === 'ready'
            ? t('chatWindow.position', { lat: fix.latitude.toFixed(5), lon: fix.longitude.toFixed(5) })
            : t('chatWindow.locating')}
        </p>
        <label className={s.sheetLabel} htmlFor={nameId}>
          {t('chatWindow.locationName')}
        </label>
        <input
          id={nameId}
          className={s.sheetInput}
          value={name}
          maxLength={LOCATION_NAME_MAX}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            if (error) setError('');
          }}
        />
        {error && (
          <p id={errorId} className={s.sheetError} role="alert">
            {error}
          </p>
        )}
        <label className={s.sheetLabel}>
          {t('chatWindow.locationAddress')}
          <input
            className={s.sheetInput}
            value={address}
            maxLength={LOCATION_ADDRESS_MAX}
            onChange={(event) => setAddress(event.target.value)}
          />
        </label>
        <button type="submit" className={s.sheetPrimary} disabled={fix.state !== 'ready'}>
          {t('chatWindow.sendLocation')}
        </button>
      </form>
    </Sheet>
  );
}
