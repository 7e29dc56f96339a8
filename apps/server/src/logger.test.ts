import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides the socket token wherever it sits in the query', () => {
    expect(redactUrl('/ws?Authorization=abc.def_ghi')).toBe('/ws?Authorization=[redacted]');
    expect(redactUrl('/ws?x=1&authorization=abc&y=2')).toBe('/ws?x=1&authorization=[redacted]&y=2');
    expect(redactUrl('/my/getInfo')).toBe('/my/getInfo');
  });
});
