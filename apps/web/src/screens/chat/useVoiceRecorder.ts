/**
 * Recording a voice message with the browser's MediaRecorder. `start` asks for the microphone
 * and records; `stop` finishes and resolves the recording with its length, `cancel` throws it
 * away. Failures come back as one of spec 8's three cases: permission refused, no usable
 * microphone ("microphone closed"), or anything else ("recording failed").
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_MAX_SECONDS } from '@paichat/protocol';

export type RecorderError = 'permission' | 'closed' | 'failed';

export class VoiceRecorderError extends Error {
  constructor(readonly reason: RecorderError) {
    super(reason);
  }
}

export interface Recording {
  blob: Blob;
  /** Exact length in seconds (not rounded). */
  seconds: number;
}

/** How a getUserMedia or recorder failure reads for the person. */
export function recorderErrorOf(error: unknown): RecorderError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'permission';
  if (
    name === 'NotFoundError' ||
    name === 'NotReadableError' ||
    name === 'OverconstrainedError' ||
    name === 'AbortError'
  )
    return 'closed';
  return 'failed';
}

/** A container the browser can record into (Chromium: webm/opus, Safari: mp4/aac). */
function pickMimeType(): string | undefined {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return candidates.find((type) => MediaRecorder.isTypeSupported?.(type));
}

export function useVoiceRecorder({ onLimit }: { onLimit: () => void }) {
  const [recording, setRecording] = useState(false);
  const session = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    chunks: Blob[];
    startedAt: number;
    limit: ReturnType<typeof setTimeout>;
  } | null>(null);
  const limitCallback = useRef(onLimit);
  useEffect(() => {
    limitCallback.current = onLimit;
  }, [onLimit]);

  const release = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    clearTimeout(current.limit);
    for (const track of current.stream.getTracks()) track.stop();
    setRecording(false);
  }, []);

  useEffect(
    () => () => {
      const current = session.current;
      if (current && current.recorder.state !== 'inactive') current.recorder.stop();
      release();
    },
    [release],
  );

  const start = useCallback(async (): Promise<void> => {
    if (session.current) return;
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      throw new VoiceRecorderError('failed');
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      throw new VoiceRecorderError(recorderErrorOf(error));
    }
    try {
      const mimeType = pickMimeType();
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      recorder.start();
      session.current = {
        recorder,
        stream,
        chunks,
        startedAt: performance.now(),
        // The contract allows 60 s: at the limit the recording ends as if released.
        limit: setTimeout(() => limitCallback.current(), VOICE_MAX_SECONDS * 1000),
      };
      setRecording(true);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw new VoiceRecorderError(recorderErrorOf(error));
    }
  }, []);

  const stop = useCallback((): Promise<Recording | null> => {
    const current = session.current;
    if (!current) return Promise.resolve(null);
    const seconds = Math.min(VOICE_MAX_SECONDS, (performance.now() - current.startedAt) / 1000);
    return new Promise((resolve, reject) => {
      current.recorder.addEventListener(
        'stop',
        () => {
          release();
          resolve({
            blob: new Blob(current.chunks, { type: current.recorder.mimeType || 'audio/webm' }),
            seconds,
          });
        },
        { once: true },
      );
      current.recorder.addEventListener(
        'error',
        () => {
          release();
          reject(new VoiceRecorderError('failed'));
        },
        { once: true },
      );
      current.recorder.stop();
    });
  }, [release]);

  const cancel = useCallback(() => {
    const current = session.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
    release();
  }, [release]);

  return { recording, start, stop, cancel };
}
