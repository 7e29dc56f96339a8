import { describe, expect, it } from 'vitest';
import { compactIcon } from './compactIcons';

const icon = (path: string, extra = '') => `{\n  id: "Icon-a",\n  d: "${path}",${extra}\n}`;

describe('compact icons', () => {
  it('rounds absolute path data to one decimal and drops the unused ids', () => {
    expect(compactIcon(icon('M24,5 C35.0454654,5 44,13.96 44.04.3 L.55.45 Z'))).toBe(
      '{\n  d: "M24,5 C35,5 44,14 44 .3 L0.6.45 Z",\n}',
    );
  });

  it('leaves relative paths exact and keeps ids something refers to', () => {
    const relative = icon('m24,5 c35.0454654,5', '\n  fill: "url(#Icon-a)"');
    expect(compactIcon(relative)).toBe(relative);
  });
});
