import { useEffect, useRef, useState } from 'react';
import { SoundOutline } from 'antd-mobile-icons';
import { currentLocale, useT } from '../../i18n';
import { formatCallDuration } from '../../lib/chatTime';
import type { ContentOf } from './content';
import s from './chat.module.css';

/** One voice message plays at a time: starting one stops the one playing. */
let playing: HTMLAudioElement | null = null;

/** A voice message: tap to play, tap again to stop; longer messages make wider bubbles. */
export function VoiceBubble({ content }: { content: ContentOf<'VOICE'> }) {
  const t = useT();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [active, setActive] = useState(false);
  const seconds = Math.round(content.duration);

  useEffect(
    () => () => {
      audio.current?.pause();
      if (playing === audio.current) playing = null;
    },
    [],
  );

  const toggle = () => {
    let element = audio.current;
    if (!element) {
      element = new Audio(content.url);
      element.addEventListener('ended', () => setActive(false));
      element.addEventListener('pause', () => setActive(false));
      element.addEventListener('play', () => setActive(true));
      audio.current = element;
    }
    if (!element.paused) {
      element.pause();
      return;
    }
    if (playing && playing !== element) playing.pause();
    playing = element;
    element.currentTime = 0;
    element.play().catch(() => setActive(false));
  };

  return (
    <button
      type="button"
      className={s.voice}
      // Width grows with the length, as people expect: 4.5rem for a second, up to 12rem.
      style={{ width: `${Math.min(12, 4.5 + seconds * 0.15)}rem` }}
      aria-pressed={active}
      aria-label={t('chatWindow.voice', { duration: formatCallDuration(seconds, currentLocale()) })}
      onClick={toggle}
    >
      <SoundOutline className={active ? s.voicePlaying : undefined} aria-hidden />
      <span aria-hidden>{`${seconds}″`}</span>
    </button>
  );
}
