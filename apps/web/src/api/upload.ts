/**
 * Uploads through the one request function (spec 7: `POST /file/upload`, multipart with one
 * `file` part, and no content-type header from us: the browser writes it with the boundary).
 *
 * Failures follow spec 8's upload text rather than the generic ones: a network failure or a
 * broken answer says 'Upload failed, please check your network'; a refusal (too large, a type
 * the server does not take) says the server's reason. It rejects with an ApiError whose message
 * is that text, and shows nothing itself: the caller puts it where the upload was asked for.
 * An expired login ends the session as any other request would.
 */
import { UPLOAD_PATH, UPLOAD_VIDEO_PATH, type UploadPurpose, type UploadedFile } from '@paichat/protocol';
import { t } from '../i18n';
import { readAuthToken } from '../lib/authToken';
import { ApiError, expireSession, request } from './request';

export interface UploadOptions {
  /** 'avatar': the server answers a square image. */
  purpose?: UploadPurpose;
  /** A video goes to its own route (`/file/uploadVideo`), which takes videos only. */
  video?: boolean;
  signal?: AbortSignal;
  /** Told how much of the file has gone up, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

export function uploadPath(purpose?: UploadPurpose): string {
  return purpose ? `${UPLOAD_PATH}?purpose=${encodeURIComponent(purpose)}` : UPLOAD_PATH;
}

export async function uploadFile(file: Blob, options: UploadOptions = {}): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'upload');
  const token = readAuthToken();
  try {
    const path = options.video ? UPLOAD_VIDEO_PATH : uploadPath(options.purpose);
    return await request<UploadedFile>(path, {
      method: 'POST',
      data: form,
      signal: options.signal,
      onUploadProgress: options.onProgress,
      // Quiet: the generic texts are not the upload's; this function says its own.
      quiet: true,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'aborted') throw error;
    if (error.kind === 'expired') {
      expireSession(token, 'expired');
      throw error;
    }
    const message = error.kind === 'business' ? error.message : t('profile.uploadFailed');
    throw new ApiError(error.kind, message, error.status, error.code, error.err);
  }
}

/**
 * What to tell the person when an upload failed: the upload's own text or the server's
 * reason; nothing when the login expired (already dealt with) or the upload was called off.
 */
export function uploadFailureMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return t('profile.uploadFailed');
  return error.kind === 'expired' || error.kind === 'aborted' ? null : error.message;
}
