/**
 * Which videos a chat takes from the album or camera: MP4, WebM or QuickTime (MOV), no larger than
 * the server's VIDEO_MAX_MB and at most spec 9's 60 seconds long, read from the file itself.
 */
import { CHAT_VIDEO_MAX_SECONDS, type UploadLimits } from '@paichat/protocol';
import { extensionOf } from '../../lib/fileKind';

const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];
/** Some systems give a picked MOV or MP4 no type: its name then says what it is. */
const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'webm', 'mov'];

/** A video the person picked (of whatever format), not a picture. */
export const isVideoFile = (file: File): boolean =>
  file.type.startsWith('video/') || (!file.type && VIDEO_EXTENSIONS.includes(extensionOf(file.name)));

export type VideoRefusal = 'videoType' | 'videoTooLarge' | 'videoTooLong' | 'videoUnplayable';

/** Why a file cannot go before it is read: its format, or its size where the limit is known. */
export function refuseBeforeReading(file: File, limits: UploadLimits | undefined): VideoRefusal | null {
  const typed = file.type
    ? VIDEO_TYPES.includes(file.type)
    : VIDEO_EXTENSIONS.includes(extensionOf(file.name));
  if (!typed) return 'videoType';
  if (limits && file.size > limits.videoMaxBytes) return 'videoTooLarge';
  return null;
}

/** Whole seconds as sent; a clip a hair over a minute (60.04 s) is a minute long. */
export const wholeSeconds = (duration: number): number => Math.max(1, Math.round(duration));

export const isTooLong = (duration: number): boolean => wholeSeconds(duration) > CHAT_VIDEO_MAX_SECONDS;

/** Bytes as megabytes, to one decimal, for the refusal ("at most 50 MB"). */
export const megabytes = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 10) / 10;
