/**
 * Pictures and voice go up first (`/file/upload`), then out as a message naming the stored
 * file. Pictures go one after another so they arrive in the order chosen. An upload failure
 * is said where it happened (spec 8: 'Upload failed, please check your network', or the
 * server's reason); an expired login has been dealt with by the request layer.
 */
import { useRef, useState } from 'react';
import { IMAGE_PICKER_COUNT, MsgType, VOICE_MAX_SECONDS, VOICE_MIN_SECONDS } from '@paichat/protocol';
import { uploadFailureMessage, uploadFile } from '../../api/upload';
import { showToast } from '../../lib/ui';
import { useT } from '../../i18n';

export type SendFn = (msgType: MsgType, content: unknown) => Promise<void>;

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
  /** Pictures picked earlier and not sent yet: they count against the limit of a pick. */
  const queued = useRef(0);

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

  return { uploading: uploading > 0, sendImages, sendVoice };
}
