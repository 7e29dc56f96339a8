import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureRequest, resetRequest } from './request';
import { uploadFile, uploadPath } from './upload';
import { envelope } from '../test/render';

const uploaded = {
  url: '/file/abc.webp',
  thumbUrl: '/file/abc-thumb.webp',
  contentType: 'image/webp',
  size: 1234,
  name: 'me.png',
};

beforeEach(() => resetRequest());
afterEach(() => resetRequest());

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

describe('uploadFile', () => {
  it('posts the file as multipart `file`, with no content type of ours, and answers the stored file', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => envelope(uploaded));
    configureRequest({ fetch, getToken: () => 'tok', toast: vi.fn() });
    await expect(uploadFile(png(), { purpose: 'avatar' })).resolves.toEqual(uploaded);

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/file/upload?purpose=avatar');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect(headers.Authorization).toBe('tok');
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    const file = (body as FormData).get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('me.png');
    expect([...(body as FormData).keys()]).toEqual(['file']);
  });

  it('sends a video to its own route and tells the caller how much has gone up', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit, progress?: (fraction: number) => void) => {
      progress?.(0.5);
      progress?.(1);
      return envelope({ ...uploaded, url: '/file/abc.webm', contentType: 'video/webm' });
    });
    configureRequest({ fetch, toast: vi.fn() });
    const seen: number[] = [];
    const video = new File([new Uint8Array(8)], 'clip.webm', { type: 'video/webm' });
    await expect(uploadFile(video, { video: true, onProgress: (f) => seen.push(f) })).resolves.toMatchObject({
      url: '/file/abc.webm',
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/file/uploadVideo');
    expect(seen).toEqual([0.5, 1]);
  });

  it('has no purpose unless asked', () => {
    expect(uploadPath()).toBe('/file/upload');
    expect(uploadPath('avatar')).toBe('/file/upload?purpose=avatar');
  });

  it("says spec 8's upload text on a network failure or a broken answer, and toasts nothing itself", async () => {
    const toast = vi.fn();
    configureRequest({ fetch: vi.fn().mockRejectedValue(new TypeError('offline')), toast });
    const failure = uploadFile(png());
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Upload failed, please check your network');

    configureRequest({ fetch: async () => new Response('bad gateway', { status: 502 }) });
    await expect(uploadFile(png())).rejects.toThrow('Upload failed, please check your network');
    expect(toast).not.toHaveBeenCalled();
  });

  it("says the server's reason for a refusal", async () => {
    configureRequest({
      fetch: async () => envelope(null, 400, { msg: 'too big', err: 'fileTooLarge' }),
      toast: vi.fn(),
    });
    await expect(uploadFile(png())).rejects.toThrow('The file is too large');
    configureRequest({ fetch: async () => envelope(null, 400, { msg: 'file: not an image' }) });
    await expect(uploadFile(png())).rejects.toThrow('file: not an image');
  });

  it('ends the session on an expired login, like any request', async () => {
    const onSessionExpired = vi.fn();
    const toast = vi.fn();
    configureRequest({ fetch: async () => new Response('', { status: 401 }), toast, onSessionExpired });
    await expect(uploadFile(png())).rejects.toMatchObject({ kind: 'expired' });
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith('Login expired, please login again', 'center');
  });
});
