/**
 * Call end (spec 4): a finished call leaves a record in localStorage under `call`
 * ({type: 'audio' | 'video', startTime, userId}); on app show it becomes a call-ended message
 * in that one conversation (TRTC_VOICE_END / TRTC_VIDEO_END carrying the duration) and the
 * record is removed. Durations read in seconds under a minute, otherwise in minutes.
 */
import { CALL_MAX_SECONDS, MsgType } from '@paichat/protocol';
import { toMillis } from '../../lib/time';
import { chatT, type Translate } from './texts';

export const CALL_RECORD_KEY = 'call';

export interface CallDuration {
  value: number;
  unit: 'seconds' | 'minutes';
}

/** Seconds under a minute; otherwise whole minutes, rounded to the nearest (at least 1). */
export function formatCallDuration(seconds: number): CallDuration {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  if (s < 60) return { value: s, unit: 'seconds' };
  return { value: Math.max(1, Math.round(s / 60)), unit: 'minutes' };
}

/** "45 s", "3 min", localized. */
export function callDurationText(seconds: number, t: Translate = chatT): string {
  const { value, unit } = formatCallDuration(seconds);
  return t(unit === 'seconds' ? 'chat.call.seconds' : 'chat.call.minutes', { value });
}

/** "Duration 3 min": what a call-ended row shows. */
export function callEndedText(seconds: number, t: Translate = chatT): string {
  return t('chat.call.duration', { time: callDurationText(seconds, t) });
}

export interface CallEnd {
  /** The friend the call was with. */
  userId: string;
  msgType: typeof MsgType.TRTC_VOICE_END | typeof MsgType.TRTC_VIDEO_END;
  /** Whole seconds. */
  duration: number;
}

/** Reads a stored call record; null when there is none or it is not one. */
export function parseCallRecord(raw: string | null, now: number): CallEnd | null {
  if (!raw) return null;
  let record: unknown;
  try {
    record = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!record || typeof record !== 'object') return null;
  const { type, startTime, userId } = record as Record<string, unknown>;
  if (type !== 'audio' && type !== 'video') return null;
  const id = typeof userId === 'number' ? String(userId) : userId;
  if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) return null;
  if (typeof startTime !== 'number' && typeof startTime !== 'string') return null;
  const start = toMillis(startTime);
  if (!Number.isFinite(start)) return null;
  const duration = Math.min(CALL_MAX_SECONDS, Math.max(0, Math.floor((now - start) / 1000)));
  return {
    userId: id,
    msgType: type === 'audio' ? MsgType.TRTC_VOICE_END : MsgType.TRTC_VIDEO_END,
    duration,
  };
}
