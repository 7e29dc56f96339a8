import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/http/rate-limit';
import { get, type ApiResponse } from './support/http';
import { seed } from './support/seed';
import { startTestServer, type TestServer } from './support/server';

/**
 * Request budgets against callers who dress one identity up as many: a budget belongs to the
 * signed-in user however the token is written, and to the client's address when signed out,
 * whatever Authorization header it makes up.
 */

const TOO_MANY = {
  code: 429,
  msg: 'Too many requests, please try again later',
  data: null,
  err: 'tooManyAttempts',
};

const refusedCount = (answers: ApiResponse[]) => answers.filter((a) => a.body.code === 429).length;

describe('request budgets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => server.close());

  it('give one user one budget, however the token is spelled and whichever of their tokens it is', async () => {
    const [pat, quin] = [await seed(server.url).user('pat'), await seed(server.url).user('quin')];
    const second = await seed(server.url).login(pat.chatNo);
    const spellings = [
      `Bearer ${pat.token}`,
      `Bearer  ${pat.token}`,
      `bearer ${pat.token}`,
      `Bearer\t${pat.token}`,
      pat.token,
      ` ${pat.token} `,
      second,
      `Bearer ${second}`,
    ];
    const { max } = RATE_LIMITS.friendSearch;
    const answers = await Promise.all(
      Array.from({ length: max + spellings.length }, (_, i) =>
        get(server.url, '/friend/search', {
          query: { chatNo: `nobody${i}` },
          headers: { authorization: spellings[i % spellings.length] as string },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.err === 'userNotFound')).toHaveLength(max);
    expect(answers.filter((a) => a.body.code === 429).map((a) => a.body)).toEqual(
      Array(spellings.length).fill(TOO_MANY),
    );
    // Another user's budget is their own.
    const other = await get(server.url, '/friend/search', {
      token: quin.token,
      query: { chatNo: pat.chatNo },
    });
    expect(other.body.code).toBe(200);
  });

  it('keep a signed-out budget on the address, whatever Authorization or X-Forwarded-For it makes up', async () => {
    const { max } = RATE_LIMITS.captcha;
    const answers = await Promise.all(
      Array.from({ length: max + 5 }, (_, i) =>
        get(server.url, '/auth/captcha', {
          headers: { authorization: `Bearer made-up-${i}`, 'x-forwarded-for': `198.51.100.${i}` },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(max);
    expect(refusedCount(answers)).toBe(5);
    const bare = await get(server.url, '/auth/captcha');
    expect(bare.body).toEqual(TOO_MANY);
  });
});
