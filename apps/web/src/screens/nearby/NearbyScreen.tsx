import { useEffect, useRef, useState } from 'react';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { NEARBY_TTL_MINUTES } from '@paichat/protocol';
import { useClearLocation, useShareLocation } from '../../api/queries/nearby';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';
import { currentPosition } from '../../lib/geolocation';
import { confirmDialog, showToast } from '../../lib/ui';
import { hasNearbyConsent, setNearbyConsent } from './consent';
import { NearbyList, type PersonLinks } from './NearbyList';
import common from '../common/common.module.css';
import s from './nearby.module.css';

export interface NearbyScreenProps extends PersonLinks {
  /** The browser's geolocation (injectable for tests). */
  geolocation?: Geolocation | undefined;
}

/**
 * explain: what is shared, before the browser asks; locating: asking it and sharing;
 * off: no position to be had; shared: the list.
 */
type Phase = 'explain' | 'locating' | 'off' | 'shared';

/**
 * People Nearby (wx/nearby/index). Only with consent: first what is shared (an approximate area,
 * for NEARBY_TTL_MINUTES, never the exact position), then, from the person's tap, the browser's
 * own prompt. Refused or unavailable, "The location is not enabled" and how to allow it. Once
 * agreed, opening the page (and pulling the list) shares again at once; "Clear my location"
 * hides the person at once and withdraws the agreement.
 */
export function NearbyScreen({ addFriendDetailUrl, contactInfoUrl, geolocation }: NearbyScreenProps) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>(() => (hasNearbyConsent() ? 'locating' : 'explain'));
  const share = useShareLocation();
  const clear = useClearLocation();

  /** The position now, shared; a list already shown stays when the server refuses (it said why). */
  const shareHere = async (): Promise<void> => {
    const position = await currentPosition(geolocation);
    if (!position) {
      setPhase('off');
      return;
    }
    try {
      await share.mutateAsync(position);
      setNearbyConsent(true);
      setPhase('shared');
    } catch {
      setPhase((now) => (now === 'shared' ? now : 'explain'));
    }
  };

  const start = () => {
    setPhase('locating');
    void shareHere();
  };

  // Agreed before: share at once (once, though development renders mount twice).
  const resumed = useRef(false);
  useEffect(() => {
    if (phase !== 'locating' || resumed.current) return;
    resumed.current = true;
    void shareHere();
    // Only the first render's phase matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const askClear = async () => {
    const confirmed = await confirmDialog({
      title: t('nearby.clearTitle'),
      content: t('nearby.clearConfirm'),
      confirmText: t('nearby.clearAction'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await clear.mutateAsync();
    } catch {
      return;
    }
    setNearbyConsent(false);
    setPhase('explain');
    showToast(t('nearby.cleared'), { role: 'status' });
  };

  return (
    <Page title={t('routes.nearby')}>
      {phase === 'explain' && (
        <EmptyState icon={<EnvironmentOutline />} title={t('nearby.explainTitle')}>
          <div className={s.explain}>
            <p>{t('nearby.explainWho')}</p>
            <p>{t('nearby.explainArea')}</p>
            <p>{t('nearby.explainTime', { minutes: NEARBY_TTL_MINUTES })}</p>
          </div>
          <button type="button" className={common.primary} onClick={start}>
            {t('nearby.share')}
          </button>
        </EmptyState>
      )}
      {phase === 'locating' && (
        <p className={s.note} role="status">
          {t('nearby.locating')}
        </p>
      )}
      {phase === 'off' && (
        <EmptyState
          icon={<EnvironmentOutline />}
          title={t('chatWindow.locationOff')}
          hint={t('nearby.offHint')}
        >
          <button type="button" className={common.primary} onClick={start}>
            {t('common.retry')}
          </button>
        </EmptyState>
      )}
      {phase === 'shared' && (
        <NearbyList
          links={{ addFriendDetailUrl, contactInfoUrl }}
          onRefresh={shareHere}
          onExpired={start}
          onClear={() => void askClear()}
        />
      )}
    </Page>
  );
}
