import { useEffect, useRef, useState } from 'react';
import { uploadFailureMessage, uploadFile } from '../../api/upload';
import { useT } from '../../i18n';
import { showToast } from '../../lib/ui';

/** A picture or video already uploaded. */
export interface PickedMedia {
  kind: 'image' | 'video';
  url: string;
  /** What the tile shows: the server's preview, or the file itself for a video. */
  previewUrl: string;
}

export interface MediaPickOptions {
  /** At most this many pictures. */
  max: number;
  /** One video may be picked instead of pictures. */
  video: boolean;
}

/** A picked file on its way up, or one whose upload failed (tap to try again). */
export interface PendingUpload {
  id: number;
  kind: PickedMedia['kind'];
  file: File;
  /** A local preview while it uploads. */
  previewUrl: string;
  failed: boolean;
}

const isVideo = (file: File) => file.type.startsWith('video/');

/** A preview of a picked picture before it is uploaded ('' where the browser cannot make one). */
const localPreview = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

/**
 * Pictures (up to `max`), or one video where `video` allows it, uploaded as soon as they are
 * picked, one after another so they keep the order chosen (a post, a feedback). Picking more
 * pictures than fit takes the first ones and says how many could still be added (spec 5's limit
 * message); a video goes alone.
 */
export function useMediaPicks(
  media: readonly PickedMedia[],
  onUploaded: (item: PickedMedia) => void,
  { max, video: videoAllowed }: MediaPickOptions,
) {
  const t = useT();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  /** How many files the uploads under way started with (for "2 of 5 uploaded"). */
  const [batch, setBatch] = useState(0);
  const nextId = useRef(0);
  const update = (id: number, patch: Partial<PendingUpload> | null) =>
    setPending((list) =>
      patch === null
        ? list.filter((p) => p.id !== id)
        : list.map((p) => (p.id === id ? { ...p, ...patch } : p)),
    );

  const upload = async (item: PendingUpload) => {
    update(item.id, { failed: false });
    try {
      const uploaded = await uploadFile(item.file, { video: item.kind === 'video' });
      onUploaded({
        kind: item.kind,
        url: uploaded.url,
        previewUrl: item.kind === 'image' ? uploaded.thumbUrl || uploaded.url : uploaded.url,
      });
      update(item.id, null);
      if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    } catch (error) {
      const message = uploadFailureMessage(error);
      if (message) showToast(message);
      update(item.id, { failed: true });
    }
  };

  const inFlight = pending.filter((item) => !item.failed).length;
  useEffect(() => {
    if (inFlight === 0) setBatch(0);
  }, [inFlight]);
  const count = media.length + pending.length;
  const hasVideo = [...media, ...pending].some((item) => item.kind === 'video');

  const pick = async (files: readonly File[]) => {
    const videos = files.filter(isVideo);
    const images = files.filter((file) => !isVideo(file));
    let chosen: PendingUpload[];
    if (videos.length > 0 && !videoAllowed) {
      showToast(t('errors.fileTypeNotAllowed'));
      return;
    }
    if (videos.length > 0) {
      if (count > 0 || files.length > 1) {
        showToast(t('media.videoAlone', { max }));
        return;
      }
      chosen = videos.map((file) => ({
        id: nextId.current++,
        kind: 'video',
        file,
        previewUrl: '',
        failed: false,
      }));
    } else {
      if (hasVideo) {
        showToast(t('media.videoAlone', { max }));
        return;
      }
      const available = max - count;
      if (images.length > available) {
        showToast(t('chatWindow.imageLimit', { limit: max, available }));
      }
      chosen = images.slice(0, Math.max(0, available)).map((file) => ({
        id: nextId.current++,
        kind: 'image',
        file,
        previewUrl: localPreview(file),
        failed: false,
      }));
    }
    setPending((list) => [...list, ...chosen]);
    setBatch((total) => total + chosen.length);
    for (const item of chosen) await upload(item);
  };

  const discard = (id: number) => update(id, null);

  return {
    pending,
    pick,
    retry: (item: PendingUpload) => void upload(item),
    discard,
    /** More can be picked: fewer than `max` pictures and no video. */
    canAdd: !hasVideo && count < max,
    /** What the file chooser offers. */
    accept: videoAllowed ? 'image/*,video/*' : 'image/*',
    uploading: inFlight > 0,
    /** Of the files being uploaded now, how many are up, and of how many. */
    progress: { done: Math.max(0, batch - inFlight), total: batch },
  };
}
