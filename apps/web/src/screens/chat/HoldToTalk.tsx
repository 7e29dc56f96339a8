import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { VOICE_MIN_SECONDS } from '@paichat/protocol';
import { showToast } from '../../lib/ui';
import { useT } from '../../i18n';
import { VoiceRecorderError, useVoiceRecorder, type RecorderError } from './useVoiceRecorder';
import s from './ChatWindow.module.css';

/** Sliding the finger up this far (px) turns "release" into "cancel". */
export const CANCEL_SLIDE_PX = 60;

const ERROR_KEYS = {
  permission: 'chatWindow.micPermission',
  closed: 'chatWindow.micClosed',
  failed: 'chatWindow.recordFailed',
} as const satisfies Record<RecorderError, string>;

type Phase = 'idle' | 'starting' | 'recording' | 'cancelling';

/**
 * "Hold to talk": press and hold to record, "Release to end" sends it, sliding up cancels. Space or
 * Enter held down does the same from a keyboard. Recordings under a second are refused with
 * "recording time too short".
 */
export function HoldToTalk({
  onRecorded,
  disabled,
}: {
  onRecorded: (recording: Blob, seconds: number) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>('idle');
  const startY = useRef(0);
  const wantStop = useRef(false);
  const recorder = useVoiceRecorder({ onLimit: () => void finish(false) });

  const fail = (error: unknown) => {
    const reason = error instanceof VoiceRecorderError ? error.reason : 'failed';
    showToast(t(ERROR_KEYS[reason]));
  };

  async function finish(cancelled: boolean) {
    setPhase('idle');
    if (cancelled) {
      recorder.cancel();
      return;
    }
    try {
      const result = await recorder.stop();
      if (!result) return;
      if (result.seconds < VOICE_MIN_SECONDS) {
        showToast(t('chatWindow.tooShort'));
        return;
      }
      onRecorded(result.blob, result.seconds);
    } catch (error) {
      fail(error);
    }
  }

  const begin = async () => {
    if (phase !== 'idle' || disabled) return;
    wantStop.current = false;
    setPhase('starting');
    try {
      await recorder.start();
    } catch (error) {
      setPhase('idle');
      fail(error);
      return;
    }
    // Released while the microphone was still being opened: that is a too-short recording.
    if (wantStop.current) {
      void finish(false);
      return;
    }
    setPhase('recording');
  };

  const end = (cancelled: boolean) => {
    if (phase === 'starting') {
      wantStop.current = true;
      return;
    }
    if (phase === 'recording' || phase === 'cancelling') void finish(cancelled);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    startY.current = event.clientY;
    void begin();
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (phase !== 'recording' && phase !== 'cancelling') return;
    setPhase(startY.current - event.clientY > CANCEL_SLIDE_PX ? 'cancelling' : 'recording');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
      event.preventDefault();
      void begin();
    } else if (event.key === 'Escape') {
      end(true);
    }
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === ' ' || event.key === 'Enter') end(false);
  };

  const label =
    phase === 'cancelling'
      ? t('chatWindow.releaseToCancel')
      : phase === 'idle'
        ? t('chatWindow.holdToTalk')
        : t('chatWindow.releaseToEnd');

  return (
    <>
      <button
        type="button"
        className={s.holdButton}
        data-phase={phase}
        disabled={disabled}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => end(phase === 'cancelling')}
        onPointerCancel={() => end(true)}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onContextMenu={(event) => event.preventDefault()}
      >
        {label}
      </button>
      {phase !== 'idle' && (
        <div className={s.recordingOverlay} data-cancel={phase === 'cancelling' || undefined} role="status">
          <span className={s.recordingPulse} aria-hidden />
          <span>
            {phase === 'cancelling' ? t('chatWindow.releaseToCancel') : t('chatWindow.slideUpToCancel')}
          </span>
        </div>
      )}
    </>
  );
}
