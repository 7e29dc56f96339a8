/**
 * Moments feed benchmark: the real server (child process, fresh SQLite, CAPTCHA off), a viewer
 * with --friends friends (default 500) who posted --posts posts each (default 20), every post
 * liked and commented on by the viewer's other friends now and then. Prints how long a feed
 * page (20 posts with the likes and comments the viewer may see) takes to answer, the first
 * page and the tenth, as p50 and p99 over --rounds requests each.
 *
 *   npm run bench:moments -w bench
 *   npm run bench:moments -w bench -- --friends 500 --posts 20 --rounds 200
 *
 * Target: p99 ≤ 50 ms per page on this machine.
 */
import { seed, type SeededUser } from '../../apps/server/test/support/seed';
import { inBatches, jsonClient, serverUnderTest } from './load';
import { flag, percentile } from './stats';

const friends = flag('friends', 500);
const posts = flag('posts', 20);
const rounds = flag('rounds', 200);

const server = await serverUnderTest({ LOG_LEVEL: 'error', RATE_LIMITS: 'off' });
const { must, close } = jsonClient(server.url, 32);
try {
  const setupStarted = performance.now();
  const people = seed(server.url);
  const viewer = await people.user('viewer');
  const authors: SeededUser[] = [];
  await inBatches(
    Array.from({ length: friends }, (_, i) => i),
    8,
    async (i) => {
      authors[i] = await people.user(`friend${i}`);
      await people.befriend(viewer, authors[i]!);
    },
  );
  const momentIds: string[] = [];
  await inBatches(authors, 8, async (author) => {
    for (let n = 0; n < posts; n += 1) {
      const moment = await must<{ momentId: string }>('/moments/post', author.token, { text: `post ${n}` });
      momentIds.push(moment.momentId);
    }
  });
  // Some interactions from the viewer on every tenth post, so pages carry likes and comments.
  await inBatches(
    momentIds.filter((_, i) => i % 10 === 0),
    8,
    async (momentId) => {
      await must('/moments/like', viewer.token, { momentId });
      await must('/moments/comment', viewer.token, { momentId, text: 'nice' });
    },
  );
  console.log(
    `setup: ${friends} friends × ${posts} posts = ${momentIds.length} posts in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  type Page = { list: unknown[]; next: string | null };
  const cursorOfTenth = await (async () => {
    let after: string | null = null;
    for (let page = 1; page < 10; page += 1) {
      const answer: Page = await must<Page>('/moments/feed', viewer.token, after ? { after } : {});
      after = answer.next;
    }
    return after;
  })();
  for (const [label, body] of [
    ['first page', {}],
    ['tenth page', { after: cursorOfTenth }],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const started = performance.now();
      const page = await must<Page>('/moments/feed', viewer.token, body);
      times.push(performance.now() - started);
      if (page.list.length !== 20) throw new Error(`${label}: ${page.list.length} posts`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${rounds} requests)`,
    );
  }
} finally {
  close();
  await server.stop();
}
