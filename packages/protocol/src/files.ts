import { z } from 'zod';
import { endpoint, Empty } from './endpoint';

/**
 * Uploads are multipart (`file` field; the client sets no content-type header) to
 * POST /file/upload (images, audio, documents) and POST /file/uploadVideo (videos).
 * Files are served at `url` only to signed-in users (Authorization header or the
 * auth_token cookie, so <img> tags work).
 */
export const UPLOAD_PATH = '/file/upload';
export const UPLOAD_VIDEO_PATH = '/file/uploadVideo';

export const UploadedFile = z.object({
  url: z.string(),
  /** A small JPEG/WebP preview for images ('' otherwise). */
  thumbUrl: z.string(),
  /** The sniffed MIME type, not the one the client claimed. */
  contentType: z.string(),
  size: z.number().int(),
  /** The original name, cleaned; for display only. */
  name: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** `?purpose=avatar` on /file/upload: the image comes back as a square 256 px WebP. */
export const UploadPurpose = z.enum(['avatar']);
export type UploadPurpose = z.infer<typeof UploadPurpose>;
export const UploadQuery = z.object({ purpose: UploadPurpose.optional() });

/** The side of the square avatar image and the longest side of image thumbnails, in pixels. */
export const AVATAR_SIZE = 256;
export const THUMB_MAX_SIZE = 240;
/**
 * The longest side of a stored image: what a phone screen shows full-size (a larger photo is
 * scaled down when it is stored, as WeChat does; an animation keeps its size).
 */
export const IMAGE_MAX_SIDE = 2560;

/** Where stored files are served (GET, signed in): `/file/<name>`. */
export const FILE_URL_PREFIX = '/file/';

/**
 * The largest files the server takes (UPLOAD_MAX_MB, VIDEO_MAX_MB), so a device can refuse a file
 * that is too large before sending a byte of it.
 */
export const UploadLimits = z.object({
  /** /file/upload: images, voice, documents. */
  uploadMaxBytes: z.number().int().positive(),
  /** /file/uploadVideo. */
  videoMaxBytes: z.number().int().positive(),
});
export type UploadLimits = z.infer<typeof UploadLimits>;

export const getUploadLimits = endpoint({
  method: 'GET',
  path: '/file/limits',
  request: Empty,
  response: UploadLimits,
  auth: true,
  summary: 'The largest upload and video the server takes, in bytes',
});

/** Spec 9's "video max duration": the longest video a chat takes from the album or camera, in seconds. */
export const CHAT_VIDEO_MAX_SECONDS = 60;
