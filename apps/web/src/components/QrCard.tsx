import { useId, useRef } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { DownlandOutline, LinkOutline, ScanningOutline } from 'antd-mobile-icons';
import { useT } from '../i18n';
import { copyAndTell } from '../lib/clipboard';
import { qrPng } from '../lib/qrImage';
import { saveBlob } from '../lib/saveBlob';
import type { GroupFace } from '@paichat/protocol';
import { GroupAvatar } from './GroupAvatar';
import { showToast } from '../lib/ui';
import s from './QrCard.module.css';

export const QR_SIZE = 220;

export interface QrCardProps {
  /** Who or what the card is for: its heading (the card's name). */
  name: string;
  portrait: string;
  /** A group's card: its first members, drawn as its picture. */
  faces?: readonly GroupFace[];
  /** The photo's accessible name. */
  portraitAlt: string;
  /** Under the name (a region). */
  subtitle?: string;
  /** The link the QR code carries (an app link). */
  link: string;
  /** The QR code's accessible name. */
  qrAlt: string;
  /** Under the QR code: what scanning it does, and anything else to know. */
  hints: readonly string[];
  /** The saved image's file name. */
  fileName: string;
}

/** A QR card (photo, name, the code, hints) with Scan, Save image and Copy link. */
export function QrCard({
  name,
  portrait,
  faces,
  portraitAlt,
  subtitle,
  link,
  qrAlt,
  hints,
  fileName,
}: QrCardProps) {
  const t = useT();
  const qr = useRef<SVGSVGElement>(null);
  const nameId = useId();

  const save = async () => {
    try {
      if (!qr.current) throw new Error('no QR code');
      saveBlob(await qrPng(qr.current, name), fileName);
      showToast(t('profile.qr.saved'), { role: 'status' });
    } catch {
      showToast(t('profile.qr.saveFailed'));
    }
  };

  return (
    <>
      <section className={s.card} aria-labelledby={nameId}>
        <div className={s.who}>
          <GroupAvatar name={name} portrait={portrait} faces={faces} alt={portraitAlt} size={56} />
          <div className={s.names}>
            <h2 id={nameId} className={s.name}>
              {name}
            </h2>
            {subtitle && <p className={s.region}>{subtitle}</p>}
          </div>
        </div>
        <QRCodeSVG
          ref={qr}
          className={s.qr}
          value={link}
          size={QR_SIZE}
          level="M"
          marginSize={2}
          role="img"
          aria-label={qrAlt}
        />
        {hints.map((hint) => (
          <p key={hint} className={s.hint}>
            {hint}
          </p>
        ))}
      </section>
      <div className={s.actions}>
        <button
          type="button"
          className={s.action}
          onClick={() => showToast(t('profile.qr.scan'), { role: 'status' })}
        >
          <ScanningOutline aria-hidden />
          {t('profile.qr.scan')}
        </button>
        <button type="button" className={s.action} onClick={() => void save()}>
          <DownlandOutline aria-hidden />
          {t('profile.qr.save')}
        </button>
        <button type="button" className={s.action} onClick={() => void copyAndTell(link)}>
          <LinkOutline aria-hidden />
          {t('profile.qr.copyLink')}
        </button>
      </div>
    </>
  );
}
