/**
 * Feedback on the real server, on every database: stored with its sender, app version and
 * device, pictures only from the sender's own uploads, bad input refused; and the operators'
 * command (`npm run feedback`) shows it.
 */
import { FEEDBACK_IMAGES_MAX } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { upload } from './support/chats';
import { png } from './support/media';
import { runCommand } from './support/process';
import { seed } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';

const dialects = await availableDialects();

describe.each(dialects)('feedback on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** What the operators' command prints for this server's database. */
  async function operatorsView(): Promise<string> {
    const { database, dataDir } = server.config;
    const run = runCommand('cli/feedback.ts', {
      DATABASE_URL: database.dialect === 'postgres' ? database.url : `sqlite:${database.file}`,
      DATA_DIR: dataDir,
    });
    const { code } = await run.exited;
    expect(code, run.stderr()).toBe(0);
    return run.stdout();
  }

  it('stores text and pictures with the sender and app, for the operators to read', async () => {
    const ann = await seed(server.url).user('ann', { nickName: 'Ann Feedback' });
    const pictures = [
      await upload(server.url, ann, await png(), 'a.png'),
      await upload(server.url, ann, await png(), 'b.png'),
    ];
    const { body } = await as(server.url, ann).post<{ feedbackId: string }>('/feedback/submit', {
      text: '  The chat list flickers when I rotate the phone.\nSecond line.  ',
      images: pictures.map((p) => p.url),
    });
    expect(body.code, body.msg).toBe(200);
    expect(body.data.feedbackId).toMatch(/^\d+$/);

    const view = await operatorsView();
    const entry = view.split('\n\n').find((block) => block.startsWith(`#${body.data.feedbackId} `)) ?? '';
    expect(entry).toContain(`Ann Feedback (${ann.chatNo})`);
    expect(entry).toContain('[version 1.2.2, H5]');
    expect(entry).toContain('  The chat list flickers when I rotate the phone.\n  Second line.');
    for (const picture of pictures) expect(entry).toContain(picture.url.slice('/file/'.length));
  });

  it('refuses feedback without text, with too many pictures, or with pictures not the sender’s own', async () => {
    const [bea, cal] = [await seed(server.url).user('bea'), await seed(server.url).user('cal')];
    const send = async (body: Record<string, unknown>) =>
      (await as(server.url, bea).post('/feedback/submit', body)).body;

    expect(await send({ text: '   ' })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('Feedback text is required'),
    });
    expect(await send({})).toMatchObject({ code: 400 });
    expect(await send({ text: 'x'.repeat(1001) })).toMatchObject({ code: 400 });

    const mine = await upload(server.url, bea, await png(), 'p.png');
    const tooMany = Array.from({ length: FEEDBACK_IMAGES_MAX + 1 }, () => mine.url);
    expect(await send({ text: 'many', images: tooMany })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('at most 4 images'),
    });

    const cals = await upload(server.url, cal, await png(), 'c.png');
    expect(await send({ text: 'not mine', images: [cals.url] })).toMatchObject({
      code: 400,
      err: 'imageInvalid',
    });
    // A thumbnail is no picture of one's own to attach either, and nothing was stored.
    expect(await send({ text: 'thumb', images: [mine.thumbUrl] })).toMatchObject({
      code: 400,
      err: 'imageInvalid',
    });
    expect(await operatorsView()).not.toMatch(/not mine|thumb\n/);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const { status } = await fetch(`${server.url}/feedback/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hi' }),
    });
    expect(status).toBe(401);
  });
});
