/**
 * Pictures and voice go up first (`/file/upload`), then out as a message naming the stored
 * file. Pictures go one after another so they arrive in the order chosen. A video is checked on
 * the device (chatVideo.ts), its poster frame goes up as a picture and the video to
 * `/file/uploadVideo` with its progress on a pending bubble, then VIDEO goes out through the
 * engine like any message. An upload failure is said where it happened (spec 8: 'Upload failed,
 * please check your network', or the server's reason); an expired login has been dealt with by
 * the request layer.
 */
import { useRef, useState } from 'react';
import {
  CHAT_VIDEO_MAX_SECONDS,
  IMAGE_PICKER_COUNT,
  MsgType,
  VOICE_MAX_SECONDS,
  VOICE_MIN_SECONDS,
} from '@paichat/protocol';
import { useUploadLimits } from '../../api/queries/uploadLimits';
import { uploadFailureMessage, uploadFile } from '../../api/upload';
import { probeVideo } from '../../lib/videoProbe';
import { showToast } from '../../lib/ui';
import { useT } from '../../i18n';
import {
  isTooLong,
  isVideoFile,
  megabytes,
  refuseBeforeReading,
  wholeSeconds,
  type VideoRefusal,
} from './chatVideo';

export type SendFn = (msgType: MsgType, content: unknown) => Promise<void>;

/** A video on its way up, drawn as a pending bubble. */
export interface UploadingVideo {
  id: number;
  /** Its poster frame, on the device ('' while there is none). */
  poster: string;
  /** 0 to 100. */
  percent: number;
}

/** The pixel size of a picture, when the browser can read it. */
async function imageSize(file: File): Promise<{ width?: number; height?: number }> {
  try {
    if (typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    }
  } catch {
    // Not decodable here (HEIC on a desktop, say): the server measures it anyway.
  }
  return {};
}

const EXTENSION_BY_TYPE: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

export function voiceFileName(type: string): string {
  return `voice.${EXTENSION_BY_TYPE[type.split(';')[0] ?? ''] ?? 'webm'}`;
}

export function useMediaSend(send: SendFn) {
  const t = useT();
  const [uploading, setUploading] = useState(0);
  const [videos, setVideos] = useState<UploadingVideo[]>([]);
  const limits = useUploadLimits();
  /** Pictures picked earlier and not sent yet: they count against the limit of a pick. */
  const queued = useRef(0);
  const nextVideoId = useRef(0);

  const uploadFailed = (error: unknown) => {
    const message = uploadFailureMessage(error);
    if (message) showToast(message);
  };

  const sendImages = async (files: readonly File[]) => {
    const available = Math.max(0, IMAGE_PICKER_COUNT - queued.current);
    if (files.length > available) {
      showToast(t('chatWindow.imageLimit', { limit: IMAGE_PICKER_COUNT, available }));
    }
    const batch = files.slice(0, available);
    if (batch.length === 0) return;
    let left = batch.length;
    queued.current += left;
    setUploading((n) => n + 1);
    try {
      for (const file of batch) {
        const [size, uploaded] = await Promise.all([imageSize(file), uploadFile(file)]);
        const width = uploaded.width ?? size.width;
        const height = uploaded.height ?? size.height;
        await send(MsgType.IMAGE, {
          url: uploaded.url,
          ...(uploaded.thumbUrl ? { thumbUrl: uploaded.thumbUrl } : {}),
          ...(width && height ? { width, height } : {}),
        });
        left -= 1;
        queued.current -= 1;
      }
    } catch (error) {
      // The rest of the batch stays unsent: the person sees which arrived and picks again.
      uploadFailed(error);
    } finally {
      queued.current -= left;
      setUploading((n) => n - 1);
    }
  };

  const sendVoice = async (recording: Blob, seconds: number) => {
    const duration = Math.min(VOICE_MAX_SECONDS, Math.max(VOICE_MIN_SECONDS, Math.round(seconds)));
    const file = new File([recording], voiceFileName(recording.type), {
      type: recording.type || 'audio/webm',
    });
    setUploading((n) => n + 1);
    try {
      const uploaded = await uploadFile(file);
      await send(MsgType.VOICE, { url: uploaded.url, duration });
    } catch (error) {
      uploadFailed(error);
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const refuseVideo = (reason: VideoRefusal) =>
    showToast(
      t(`chatWindow.${reason}`, {
        seconds: CHAT_VIDEO_MAX_SECONDS,
        megabytes: limits ? megabytes(limits.videoMaxBytes) : 0,
      }),
    );

  const sendVideo = async (file: File) => {
    const early = refuseBeforeReading(file, limits);
    if (early) return refuseVideo(early);
    const facts = await probeVideo(file);
    if (!facts) return refuseVideo('videoUnplayable');
    if (isTooLong(facts.duration)) return refuseVideo('videoTooLong');

    const id = nextVideoId.current++;
    const poster = facts.poster ? URL.createObjectURL(facts.poster) : '';
    const update = (percent: number) =>
      setVideos((list) => list.map((video) => (video.id === id ? { ...video, percent } : video)));
    setVideos((list) => [...list, { id, poster, percent: 0 }]);
    try {
      const thumb = facts.poster
        ? await uploadFile(new File([facts.poster], 'poster.jpg', { type: 'image/jpeg' }))
        : null;
      const uploaded = await uploadFile(file, {
        video: true,
        onProgress: (fraction) => update(Math.floor(fraction * 100)),
      });
      await send(MsgType.VIDEO, {
        url: uploaded.url,
        duration: wholeSeconds(facts.duration),
        ...(thumb ? { thumbUrl: thumb.url } : {}),
      });
    } catch (error) {
      uploadFailed(error);
    } finally {
      setVideos((list) => list.filter((video) => video.id !== id));
      if (poster) URL.revokeObjectURL(poster);
    }
  };

  /** What the album or camera gave: its pictures, then its videos one by one. */
  const sendMedia = async (files: readonly File[]) => {
    const images = files.filter((file) => !isVideoFile(file));
    if (images.length > 0) await sendImages(images);
    for (const file of files.filter(isVideoFile)) await sendVideo(file);
  };

  return { uploading: uploading > 0, videos, sendMedia, sendVoice };
}
