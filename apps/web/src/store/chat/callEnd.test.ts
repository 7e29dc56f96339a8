import { describe, expect, it } from 'vitest';
import { callDurationText, callEndedText, formatCallDuration, parseCallRecord } from './callEnd';

describe('call duration', () => {
  it('is in seconds under a minute, otherwise in minutes', () => {
    expect(formatCallDuration(0)).toEqual({ value: 0, unit: 'seconds' });
    expect(formatCallDuration(59.9)).toEqual({ value: 59, unit: 'seconds' });
    expect(formatCallDuration(60)).toEqual({ value: 1, unit: 'minutes' });
    expect(formatCallDuration(150)).toEqual({ value: 3, unit: 'minutes' });
    expect(formatCallDuration(-5)).toEqual({ value: 0, unit: 'seconds' });
    expect(formatCallDuration(Number.NaN)).toEqual({ value: 0, unit: 'seconds' });
  });

  it('reads in the interface language', () => {
    expect(callDurationText(45)).toBe('45 s');
    expect(callDurationText(600)).toBe('10 min');
    expect(callEndedText(45)).toBe('Duration 45 s');
  });
});

describe('call record', () => {
  const now = 1_700_000_100_000;

  it('becomes a voice or video call end with its duration', () => {
    const audio = JSON.stringify({ type: 'audio', startTime: now - 42_000, userId: '7' });
    expect(parseCallRecord(audio, now)).toEqual({ userId: '7', msgType: 'TRTC_VOICE_END', duration: 42 });
    // Seconds are accepted (spec 5: timestamps below 1e12 are seconds).
    const video = JSON.stringify({ type: 'video', startTime: (now - 120_000) / 1000, userId: 7 });
    expect(parseCallRecord(video, now)).toEqual({ userId: '7', msgType: 'TRTC_VIDEO_END', duration: 120 });
  });

  it('ignores what is not a record', () => {
    expect(parseCallRecord(null, now)).toBeNull();
    expect(parseCallRecord('{', now)).toBeNull();
    expect(parseCallRecord(JSON.stringify({ type: 'fax', startTime: now, userId: '7' }), now)).toBeNull();
    expect(parseCallRecord(JSON.stringify({ type: 'audio', startTime: 'x', userId: '7' }), now)).toBeNull();
    expect(parseCallRecord(JSON.stringify({ type: 'audio', startTime: now }), now)).toBeNull();
  });
});
