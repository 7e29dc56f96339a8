/**
 * What a video file is, read by the browser itself (no upload, no server-side decoder): its length
 * from the file's metadata and a poster frame drawn at a short offset onto a canvas. A file the
 * browser cannot decode answers null: it would not play in the chat either.
 */

export interface VideoFacts {
  /** Seconds. */
  duration: number;
  /** A JPEG of a frame near the start; null where the canvas gave none. */
  poster: Blob | null;
}

/** How long a file may take to show its metadata or a frame before it counts as unplayable. */
const PROBE_TIMEOUT_MS = 15_000;
/** Where the poster is taken: past a black first frame, within even a very short clip. */
const POSTER_OFFSET_SECONDS = 0.5;
/** The poster's longest side, in pixels: a bubble's size, not the video's. */
const POSTER_MAX_SIDE = 640;

/** Resolves on one of `events`, rejects on `error` or after the timeout. */
function nextEvent(video: HTMLVideoElement, events: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => () => {
      clearTimeout(timer);
      for (const name of events) video.removeEventListener(name, succeed);
      video.removeEventListener('error', fail);
      if (ok) resolve();
      else reject(new Error('video not playable'));
    };
    const succeed = done(true);
    const fail = done(false);
    const timer = setTimeout(fail, PROBE_TIMEOUT_MS);
    for (const name of events) video.addEventListener(name, succeed, { once: true });
    video.addEventListener('error', fail, { once: true });
  });
}

/**
 * A recording made in a browser (MediaRecorder's WebM) has no length in its header: seeking past
 * its end makes the browser read it to the end and learn it.
 */
async function fullDuration(video: HTMLVideoElement): Promise<number> {
  if (Number.isFinite(video.duration)) return video.duration;
  const known = nextEvent(video, ['durationchange', 'seeked']);
  video.currentTime = Number.MAX_SAFE_INTEGER;
  await known;
  while (!Number.isFinite(video.duration)) await nextEvent(video, ['durationchange']);
  return video.duration;
}

async function frameAt(video: HTMLVideoElement, seconds: number): Promise<Blob | null> {
  const seeked = nextEvent(video, ['seeked']);
  video.currentTime = seconds;
  await seeked;
  const scale = Math.min(1, POSTER_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
  canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
}

/** The file's length and a poster frame, or null when this browser cannot play it. */
export async function probeVideo(file: Blob): Promise<VideoFacts | null> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  const url = URL.createObjectURL(file);
  try {
    const loaded = nextEvent(video, ['loadeddata']);
    video.src = url;
    await loaded;
    // Sound only, or a picture the browser cannot decode: nothing a chat could show.
    if (video.videoWidth === 0 || video.videoHeight === 0) return null;
    const duration = await fullDuration(video);
    const poster = await frameAt(video, Math.min(POSTER_OFFSET_SECONDS, duration / 2));
    return { duration, poster };
  } catch {
    return null;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
