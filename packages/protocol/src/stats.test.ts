import { describe, expect, it } from 'vitest';
import { statBeacon } from './stats';

describe('the statistics beacon', () => {
  it('reads its batch from the JSON in d, an event without a value as value ""', () => {
    expect(statBeacon.request.parse({ appKey: 'k', d: '[{"name":"page_view"}]' })).toEqual({
      appKey: 'k',
      d: [{ name: 'page_view', value: '' }],
    });
  });

  it('names a problem inside the batch by its place in d', () => {
    const d = JSON.stringify([{ name: 'ok' }, { name: 'x'.repeat(256) }]);
    const issues = statBeacon.request.safeParse({ appKey: 'k', d }).error?.issues;
    expect(issues?.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'd.1.name: at most 255 characters',
    ]);
    expect(statBeacon.request.safeParse({ appKey: 'k', d: '{"name":' }).error?.issues[0]?.message).toBe(
      'must be a JSON list of events',
    );
  });
});
