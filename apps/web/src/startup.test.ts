import { describe, expect, it } from 'vitest';
import { startupRedirect } from './startup';

const targets = { signedIn: '/wx/tabbar1/index', signedOut: '/wx/detect/index' };

describe('startupRedirect', () => {
  it('sends the root to the Message tab with a stored token', () => {
    for (const hash of ['', '#', '#/', '#/?x=1'])
      expect(startupRedirect(hash, true, targets)).toBe('/wx/tabbar1/index');
  });
  it('sends the root to environment detection without one', () => {
    expect(startupRedirect('#/', false, targets)).toBe('/wx/detect/index');
  });
  it('leaves deep links alone', () => {
    expect(startupRedirect('#/wx/personDetail/languageSwitch', true, targets)).toBeNull();
    expect(startupRedirect('#/wx/tabbar4/index', false, targets)).toBeNull();
    expect(startupRedirect('#/pages/agreement/index', false, targets)).toBeNull();
  });
});
