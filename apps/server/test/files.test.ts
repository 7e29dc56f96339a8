import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { UploadedFile } from '@paichat/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { upload as uploadFile } from './support/chats';
import { STACK_TRACE } from './support/http';
import {
  asfAudio,
  bmp,
  compoundFile,
  jpegWithGps,
  mp4,
  pdf,
  png,
  pngWithExif,
  SECRET,
  wav,
  webm,
} from './support/media';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();
const LIMIT = 256 * 1024;
const NOT_FOUND = { code: 404, msg: 'Not found', data: null, err: 'notFound' };
const NOT_ALLOWED = {
  code: 400,
  msg: 'This file type is not allowed',
  data: null,
  err: 'fileTypeNotAllowed',
};

interface Part {
  bytes: Buffer;
  filename?: string;
  /** What the client claims; the server must not care. */
  type?: string;
  field?: string;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  err?: string;
}

describe.each(dialects)('files on %s', (dialect) => {
  let server: TestServer;
  let amy: SeededUser;
  let uploadsDir: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { UPLOAD_MAX_MB: '0.25', VIDEO_MAX_MB: '0.25' } });
    amy = await seed(server.url).user('amy');
    uploadsDir = path.join(server.config.dataDir, 'uploads');
  });
  afterAll(() => server.close());

  async function upload<T = UploadedFile>(
    route: string,
    part: Part | null,
    options: { token?: string | null; body?: string | FormData } = {},
  ): Promise<{ status: number; body: Envelope<T> }> {
    let body = options.body;
    if (!body) {
      const form = new FormData();
      if (part) {
        const blob = new Blob([new Uint8Array(part.bytes)], part.type ? { type: part.type } : {});
        form.append(part.field ?? 'file', blob, part.filename ?? 'blob');
      } else {
        form.append('note', 'no file here');
      }
      body = form;
    }
    const token = options.token === undefined ? amy.token : options.token;
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: token ? { authorization: token } : {},
      body,
    });
    const text = await response.text();
    expect(text).not.toMatch(STACK_TRACE);
    return { status: response.status, body: JSON.parse(text) as Envelope<T> };
  }

  async function download(url: string, options: { token?: string; cookie?: string; range?: string } = {}) {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = options.token;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.range) headers.range = options.range;
    const response = await fetch(`${server.url}${url}`, { headers });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  /** A folder's files; none when the server has not made it yet (nothing was ever stored). */
  const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
  const stored = () =>
    filesIn(uploadsDir)
      .filter((f) => f !== 'tmp')
      .sort();
  const temps = () => filesIn(path.join(uploadsDir, 'tmp'));

  /** A refused upload leaves no file, stored or temporary. */
  async function expectNothingWritten(run: () => Promise<unknown>) {
    const before = stored();
    await run();
    expect(stored()).toEqual(before);
    expect(temps()).toEqual([]);
  }

  it('re-encodes a JPEG upright, without EXIF or GPS, with a thumbnail', async () => {
    const original = await jpegWithGps();
    expect(original.includes(SECRET)).toBe(true);
    const { body } = await upload('/file/upload', {
      bytes: original,
      filename: 'holiday.jpg',
      type: 'image/jpeg',
    });
    expect(body.code).toBe(200);
    expect(body.data).toEqual({
      url: expect.stringMatching(/^\/file\/[0-9a-f]{32}\.jpg$/),
      thumbUrl: expect.stringMatching(/^\/file\/[0-9a-f]{32}\.thumb\.webp$/),
      contentType: 'image/jpeg',
      size: expect.any(Number),
      name: 'holiday.jpg',
      // Turned by its EXIF orientation: the 40×20 picture stood sideways.
      width: 20,
      height: 40,
    });

    const file = await download(body.data.url, { token: amy.token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(file.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(file.bytes.length).toBe(body.data.size);
    const meta = await sharp(file.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(file.bytes.includes(SECRET)).toBe(false);
    expect(file.bytes.includes('GPS')).toBe(false);

    const thumb = await download(body.data.thumbUrl, { token: amy.token });
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'webp', width: 20, height: 40 });
  });

  it('re-encodes a PNG without metadata; its thumbnail is at most 240 px', async () => {
    const { body } = await upload('/file/upload', { bytes: await pngWithExif(), filename: 'map.png' });
    expect(body.data).toMatchObject({ contentType: 'image/png', width: 300, height: 200 });
    const file = await download(body.data.url, { token: amy.token });
    const meta = await sharp(file.bytes).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    expect(file.bytes.includes(SECRET)).toBe(false);
    const thumb = await sharp((await download(body.data.thumbUrl, { token: amy.token })).bytes).metadata();
    expect([thumb.width, thumb.height]).toEqual([240, 160]);
  });

  it('turns a BMP into a PNG, and makes square avatars', async () => {
    const fromBmp = await upload('/file/upload', { bytes: bmp(), filename: 'old.bmp' });
    expect(fromBmp.body.data).toMatchObject({
      contentType: 'image/png',
      width: 2,
      height: 2,
      url: expect.stringMatching(/\.png$/),
    });

    const avatar = await upload('/file/upload?purpose=avatar', {
      bytes: await png(400, 300),
      filename: 'me.png',
    });
    expect(avatar.body.data).toMatchObject({ contentType: 'image/webp', width: 256, height: 256 });
    expect(avatar.body.data.thumbUrl).toBe(avatar.body.data.url);
    const meta = await sharp((await download(avatar.body.data.url, { token: amy.token })).bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    await expectNothingWritten(async () => {
      const notImage = await upload('/file/upload?purpose=avatar', { bytes: pdf(), filename: 'me.pdf' });
      expect(notImage.body).toMatchObject({ err: 'fileTypeNotAllowed', msg: 'An avatar must be an image' });
    });
    expect((await upload('/file/upload?purpose=banner', { bytes: await png() })).status).toBe(400);
  });

  it('refuses SVG, HTML (also renamed .png), XML and damaged images, writing nothing', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
    );
    const html = Buffer.from(
      '<!DOCTYPE html><html><body><script>fetch("/my/getInfo")</script></body></html>',
    );
    const sneaky = Buffer.from(`${'\n'.repeat(10)}   <ScRiPt>alert(1)</script>`);
    const xml = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    const damaged = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 1)]);
    for (const part of [
      { bytes: svg, filename: 'logo.svg', type: 'image/svg+xml' },
      { bytes: html, filename: 'photo.png', type: 'image/png' },
      { bytes: sneaky, filename: 'notes.txt', type: 'text/plain' },
      { bytes: xml, filename: 'x.xml' },
      { bytes: damaged, filename: 'broken.png' },
    ]) {
      await expectNothingWritten(async () => {
        const { status, body } = await upload('/file/upload', part);
        expect(status, part.filename).toBe(200);
        expect(body.err, part.filename).toBe('fileTypeNotAllowed');
        expect(body.data).toBeNull();
      });
    }
    expect((await upload('/file/upload', { bytes: svg, filename: 'logo.svg' })).body).toEqual(NOT_ALLOWED);
  });

  it('refuses a file over the size limit, writing nothing', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(LIMIT, 1)]);
    await expectNothingWritten(async () => {
      const { status, body } = await upload('/file/upload', { bytes: big, filename: 'big.png' });
      expect(status).toBe(200);
      expect(body).toEqual({
        code: 400,
        msg: 'File is too large (at most 0.25 MB)',
        data: null,
        err: 'fileTooLarge',
      });
    });
    await expectNothingWritten(async () => {
      const video = Buffer.concat([mp4(), Buffer.alloc(LIMIT, 1)]);
      expect((await upload('/file/uploadVideo', { bytes: video, filename: 'long.mp4' })).body.err).toBe(
        'fileTooLarge',
      );
    });
    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([pdf(), Buffer.alloc(LIMIT - pdf().length, 0x20)]);
    expect((await upload('/file/upload', { bytes: atLimit, filename: 'exact.pdf' })).body.data.size).toBe(
      LIMIT,
    );
  });

  it('tells a signed-in device its size limits, so a too-large video is refused before it goes up', async () => {
    const limits = await fetch(`${server.url}/file/limits`, { headers: { authorization: amy.token } });
    expect(await limits.json()).toEqual({
      code: 200,
      msg: expect.any(String),
      data: { uploadMaxBytes: LIMIT, videoMaxBytes: LIMIT },
    });
    const anonymous = await fetch(`${server.url}/file/limits`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 401, err: 'unauthorized' });
    // A device that did not ask is still told why, with the limit.
    const video = Buffer.concat([webm(), Buffer.alloc(LIMIT, 1)]);
    expect((await upload('/file/uploadVideo', { bytes: video, filename: 'clip.webm' })).body).toEqual({
      code: 400,
      msg: 'File is too large (at most 0.25 MB)',
      data: null,
      err: 'fileTooLarge',
    });
  });

  it('stores under a random name whatever the client calls the file', async () => {
    for (const filename of [
      '../../etc/passwd',
      '..\\..\\windows\\win.ini',
      '/abs/olute.png',
      '\u0000.\u0007',
    ]) {
      const before = stored();
      const { body } = await upload('/file/upload', { bytes: await png(), filename });
      expect(body.code, filename).toBe(200);
      const added = stored().filter((f) => !before.includes(f));
      expect(
        added.every((f) => /^[0-9a-f]{32}(\.thumb)?\.(png|webp)$/.test(f)),
        added.join(),
      ).toBe(true);
      expect(body.data.url).toBe(`/file/${added.find((f) => f.endsWith('.png'))}`);
      // eslint-disable-next-line no-control-regex
      expect(body.data.name).not.toMatch(/[/\\\u0000-\u001f]|^\./);
    }
    const traversal = await upload('/file/upload', { bytes: await png(), filename: '../../etc/passwd' });
    // Only the last segment is kept; a name without an extension gets the file's own.
    expect(traversal.body.data.name).toBe('passwd.png');
    expect(existsSync(path.join(uploadsDir, '..', '..', 'etc', 'passwd'))).toBe(false);
    expect(existsSync(path.join(server.config.dataDir, 'etc'))).toBe(false);
  });

  it('names an upload by what it is: no bidi override, no executable extension', async () => {
    // "invoice‮fdp.exe" shows as "invoiceexe.pdf"; the file is a PDF, and is named as one.
    const spoofed = await upload('/file/upload', { bytes: pdf(), filename: 'invoice\u202Efdp.exe' });
    expect(spoofed.body.code, spoofed.body.msg).toBe(200);
    expect(spoofed.body.data.name).toBe('invoicefdp.pdf');
    const served = await download(spoofed.body.data.url, { token: amy.token });
    expect(served.headers.get('content-disposition')).toContain('invoicefdp.pdf');
    expect(served.headers.get('content-type')).toBe('application/pdf');

    const doubled = await upload('/file/upload', { bytes: pdf(), filename: 'invoice.pdf.exe' });
    expect(doubled.body.data.name).toBe('invoice.pdf');
    const hidden = await upload('/file/upload', { bytes: await png(), filename: 'cat\u2066.png\u2069.scr' });
    expect(hidden.body.data.name).toBe('cat.png');
  });

  it('serves documents as attachments and text as plain text; refuses binary junk', async () => {
    const doc = await upload('/file/upload', {
      bytes: pdf(),
      filename: 'Résumé <final>.pdf',
      type: 'image/png',
    });
    expect(doc.body.data).toMatchObject({
      contentType: 'application/pdf',
      thumbUrl: '',
      name: 'Résumé _final_.pdf',
    });
    expect(doc.body.data.width).toBeUndefined();
    const file = await download(doc.body.data.url, { token: amy.token });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé _final_.pdf')}`,
    );
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
    expect(file.bytes.equals(pdf())).toBe(true);

    const legacy = await upload('/file/upload', { bytes: compoundFile(), filename: 'report.DOC' });
    expect(legacy.body.data).toMatchObject({
      contentType: 'application/msword',
      url: expect.stringMatching(/\.doc$/),
    });
    expect((await upload('/file/upload', { bytes: compoundFile(), filename: 'setup.msi' })).body.err).toBe(
      'fileTypeNotAllowed',
    );

    const text = await upload('/file/upload', {
      bytes: Buffer.from('shopping: milk, eggs — 牛奶\n'),
      filename: 'list.txt',
    });
    expect(text.body.data.contentType).toBe('text/plain; charset=utf-8');
    const served = await download(text.body.data.url, { token: amy.token });
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(served.bytes.toString()).toBe('shopping: milk, eggs — 牛奶\n');

    for (const bytes of [
      Buffer.from('abc\u0000def'),
      Buffer.from([0xc3, 0x28, 0x41]),
      Buffer.from('MZ\x90\x00\x03'),
    ]) {
      await expectNothingWritten(async () => {
        expect((await upload('/file/upload', { bytes, filename: 'x.txt' })).body.err).toBe(
          'fileTypeNotAllowed',
        );
      });
    }
  });

  it('takes voice clips on /file/upload and serves them inline', async () => {
    const clip = await upload('/file/upload', { bytes: wav(), filename: 'voice.wav' });
    expect(clip.body.data).toMatchObject({ contentType: 'audio/wav', thumbUrl: '' });
    const recorded = await upload('/file/upload', { bytes: webm(), filename: 'voice.webm' });
    expect(recorded.body.data.contentType).toBe('audio/webm');
    const file = await download(clip.body.data.url, { token: amy.token });
    expect(file.headers.get('content-disposition')).toMatch(/^inline;/);
    // The spec lists wmv under audio too: a Windows Media file is taken here as audio.
    const windowsMedia = await upload('/file/upload', { bytes: asfAudio(), filename: 'memo.wmv' });
    expect(windowsMedia.body.data).toMatchObject({ contentType: 'audio/x-ms-wma' });
    expect(windowsMedia.body.data.url).toMatch(/\.wmv$/);
    // A video belongs on /file/uploadVideo.
    expect((await upload('/file/upload', { bytes: mp4(), filename: 'clip.mp4' })).body).toMatchObject({
      err: 'fileTypeNotAllowed',
      msg: 'Please upload videos as video',
    });
  });

  it('takes videos on /file/uploadVideo, refuses anything else there, and serves byte ranges', async () => {
    await expectNothingWritten(async () => {
      const image = await upload('/file/uploadVideo', {
        bytes: await png(),
        filename: 'clip.mp4',
        type: 'video/mp4',
      });
      expect(image.body).toMatchObject({
        err: 'fileTypeNotAllowed',
        msg: 'Only videos can be uploaded here',
      });
    });
    const video = await upload('/file/uploadVideo', { bytes: mp4(), filename: 'clip.mp4' });
    expect(video.body.data).toMatchObject({ contentType: 'video/mp4', thumbUrl: '', size: mp4().length });
    const web = await upload('/file/uploadVideo', { bytes: webm(), filename: 'screen.webm' });
    expect(web.body.data.contentType).toBe('video/webm');

    const part = await download(video.body.data.url, { token: amy.token, range: 'bytes=0-15' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-15/${mp4().length}`);
    expect(part.bytes.equals(mp4().subarray(0, 16))).toBe(true);
    const beyond = await download(video.body.data.url, { token: amy.token, range: 'bytes=999999-' });
    expect(beyond.status).toBe(416);
  });

  it('serves files to signed-in users only: header or cookie; bad names are 404', async () => {
    const { body } = await upload('/file/upload', { bytes: await png(), filename: 'a.png' });
    const bob = await seed(server.url).user('bob');
    expect((await download(body.data.url, { token: bob.token })).status).toBe(200);
    const cookie = await download(body.data.url, {
      cookie: `theme=dark; auth_token=${encodeURIComponent(bob.token)}`,
    });
    expect(cookie.status).toBe(200);
    expect(cookie.headers.get('content-type')).toBe('image/png');

    for (const options of [
      {},
      { token: 'not-a-token' },
      { cookie: 'auth_token=nope' },
      { cookie: 'auth_token=%E0%A4%A' },
    ]) {
      const denied = await download(body.data.url, options);
      expect(denied.status, JSON.stringify(options)).toBe(401);
      expect(JSON.parse(denied.bytes.toString())).toMatchObject({ code: 401, err: 'unauthorized' });
    }
    for (const name of [
      '0123456789abcdef0123456789abcdef.png',
      'nope',
      '..%2F..%2Fetc%2Fpasswd',
      '%2E%2E%2Fpaichat.db',
      'tmp',
    ]) {
      const missing = await download(`/file/${name}`, { token: bob.token });
      expect(missing.status, name).toBe(404);
      expect(JSON.parse(missing.bytes.toString()), name).toEqual(NOT_FOUND);
    }
  });

  it('answers bad upload requests with clear errors', async () => {
    const noToken = await upload('/file/upload', { bytes: await png() }, { token: null });
    expect(noToken.status).toBe(401);
    const noFile = await upload('/file/upload', null);
    expect(noFile).toMatchObject({ status: 400, body: { msg: 'file: file is required', err: 'validation' } });
    const wrongField = await upload('/file/upload', { bytes: await png(), field: 'image' });
    expect(wrongField.body.msg).toBe('file: the file part must be named "file"');
    const empty = await upload('/file/upload', { bytes: Buffer.alloc(0), filename: 'empty.png' });
    expect(empty.body.msg).toBe('file: the file is empty');
    const json = await upload('/file/upload', null, { body: JSON.stringify({ file: 'x' }) });
    expect(json.status).toBe(400);
    const response = await fetch(`${server.url}/file/upload`, {
      method: 'POST',
      headers: { authorization: amy.token, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    const text = await response.text();
    expect(text).not.toMatch(STACK_TRACE);
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({
      code: 400,
      err: 'validation',
      msg: 'file: the upload was interrupted or malformed',
    });
    expect(temps()).toEqual([]);
  });
});

describe('upload budget', () => {
  it('refuses uploads past the per-caller budget with a clear message; the next caller is served', async () => {
    const limited = await startTestServer('sqlite', { env: { RATE_LIMITS: 'on' } });
    try {
      const [zoe, yan] = [await seed(limited.url).user('zoe'), await seed(limited.url).user('yan')];
      const empty = (user: SeededUser) =>
        fetch(`${limited.url}/file/upload`, { method: 'POST', headers: { authorization: user.token } }).then(
          (response) => response.json() as Promise<{ code: number; err?: string; msg: string }>,
        );
      const answers = await Promise.all(Array.from({ length: RATE_LIMITS.upload.max + 1 }, () => empty(zoe)));
      expect(answers.filter((a) => a.err === 'validation')).toHaveLength(RATE_LIMITS.upload.max);
      expect(answers.filter((a) => a.code === 429)).toEqual([
        { code: 429, msg: 'Too many requests, please try again later', data: null, err: 'tooManyAttempts' },
      ]);
      expect((await empty(yan)).err).toBe('validation');
    } finally {
      await limited.close();
    }
  });
});

describe('a node closing during a download', () => {
  it('finishes the download, then closes at once with the kept-alive connection it came on', async () => {
    const server = await startTestServer('sqlite');
    try {
      const ida = await seed(server.url).user('ida');
      // Large enough to be still going out when the close begins.
      const big = Buffer.concat([pdf(), Buffer.alloc(4 * 1024 * 1024, ' ')]);
      const stored = await uploadFile(server.url, ida, big, 'manual.pdf');
      const response = await fetch(`${server.url}${stored.url}`, { headers: { authorization: ida.token } });
      const closed = server.running.close().then(() => 'closed');
      expect(Buffer.from(await response.arrayBuffer()).equals(big)).toBe(true);
      // Answered after the close began, its connection used to stay for the 72 s keep-alive.
      const bound = sleep(5_000, 'still open after 5 s', { ref: false });
      expect(await Promise.race([closed, bound])).toBe('closed');
    } finally {
      await server.close();
    }
  });
});
