/**
 * Feedback on the real server, on every database: stored with its sender, app version and
 * device, pictures only from the sender's own uploads, bad input refused (the headers it keeps
 * too); the operators' command (`npm run feedback`) shows it, control characters escaped; and
 * each account has a budget.
 */
import { CLIENT_HEADER_MAX, FEEDBACK_IMAGES_MAX, FORBIDDEN_CHARACTERS_MESSAGE } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { as } from './support/api';
import { post } from './support/http';
import { upload } from './support/chats';
import { png } from './support/media';
import { STEP_MS, budget } from './support/budget';
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

  it(
    'stores text and pictures with the sender and app, for the operators to read',
    async () => {
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
    },
    budget(STEP_MS.process, STEP_MS.requests),
  );

  it(
    'refuses feedback without text, with too many pictures, or with pictures not the sender’s own',
    async () => {
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
    },
    budget(STEP_MS.process, STEP_MS.requests),
  );

  it(
    'refuses version and device headers with control characters or too long, naming the header, storing nothing',
    async () => {
      const dee = await seed(server.url).user('dee');
      const send = (headers: Record<string, string>) =>
        post(server.url, '/feedback/submit', { token: dee.token, headers, body: { text: 'garbled' } });
      // The C1 controls: CSI (an escape sequence on many terminals) and NEL; and one too many characters.
      const refusals: [string, string, string][] = [
        ['device', 'H5\u009b2J', FORBIDDEN_CHARACTERS_MESSAGE],
        ['version', '1.2.2\u0085', FORBIDDEN_CHARACTERS_MESSAGE],
        ['device', 'd'.repeat(CLIENT_HEADER_MAX + 1), `at most ${CLIENT_HEADER_MAX} characters`],
      ];
      for (const [header, value, reason] of refusals) {
        const { status, body } = await send({ [header]: value });
        expect(status, header).toBe(400);
        expect(body).toMatchObject({ err: 'validation', msg: `${header}: ${reason}` });
      }
      expect(await operatorsView()).not.toContain('garbled');
      // Without them, feedback is kept with neither.
      const bare = await fetch(`${server.url}/feedback/submit`, {
        method: 'POST',
        headers: { authorization: dee.token, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'no headers' }),
      });
      expect(((await bare.json()) as { code: number }).code).toBe(200);
      expect(await operatorsView()).toMatch(/\(dee\w*\)\n {2}no headers\n/);
    },
    budget(STEP_MS.process, STEP_MS.process, STEP_MS.requests),
  );

  it(
    'prints stored control characters escaped, never raw to the operator’s terminal',
    async () => {
      const eve = await seed(server.url).user('eve');
      // As a row stored before the headers were checked (or by a bug) would hold them.
      await server.running.app.paichat.db
        .insertInto('feedback')
        .values({
          user_id: Number(eve.userId),
          text: 'clear\u001b[2J\rscreen\u202e',
          app_version: '1.2.2\u0085',
          device: 'H5\u009b2J',
          created_at: server.clock.now(),
        })
        .execute();
      const view = await operatorsView();
      // eslint-disable-next-line no-control-regex -- looking for exactly these
      expect(view).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e]/);
      expect(view).toContain('[version 1.2.2\\u0085, H5\\u009b2J]');
      expect(view).toContain('  clear\\u001b[2J\\u000dscreen\\u202e');
    },
    budget(STEP_MS.process, STEP_MS.requests),
  );

  it('answers 401 to a visitor who is not signed in', async () => {
    const { status } = await fetch(`${server.url}/feedback/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hi' }),
    });
    expect(status).toBe(401);
  });
});

describe('the feedback budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => server.close());

  it('refuses an account past its feedback an hour, and leaves others theirs', async () => {
    const [fay, gus] = [await seed(server.url).user('fay'), await seed(server.url).user('gus')];
    const { max } = RATE_LIMITS.feedback;
    const answers = await Promise.all(
      Array.from({ length: max + 1 }, (_, i) =>
        as(server.url, fay).post('/feedback/submit', { text: `note ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(max);
    expect(answers.filter((a) => a.body.code === 429).map((a) => a.body.err)).toEqual(['tooManyAttempts']);
    expect((await as(server.url, gus).post('/feedback/submit', { text: 'mine' })).body.code).toBe(200);
  });
});
