import { seed, type SeededUser } from '../../apps/server/test/support/seed';

/**
 * Two new people who are friends, nicknamed by their names ("alice" is Alice): new for each
 * test, so nothing one test does shows in another.
 */
export async function friends(serverUrl: string, a = 'alice', b = 'bob'): Promise<[SeededUser, SeededUser]> {
  const people = seed(serverUrl);
  const first = await people.user(a);
  const second = await people.user(b);
  await people.befriend(first, second);
  return [first, second];
}
