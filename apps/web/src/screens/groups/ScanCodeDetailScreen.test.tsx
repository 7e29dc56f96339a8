import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { envelope, renderScreen } from '../../test/render';
import { type FakeHandlers, fakeServer } from '../../test/fakeServer';
import { ScanCodeDetailScreen } from './ScanCodeDetailScreen';

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

const CODE = 'abcdefghijklmnopqrstuvwx';

function renderWith(preview: FakeHandlers['previewGroupByCode']) {
  const api = fakeServer({ previewGroupByCode: preview });
  renderScreen(<ScanCodeDetailScreen chatWindowUrl="/chat" />, { path: `/?code=${CODE}` });
  return api;
}

describe('ScanCodeDetailScreen', () => {
  it("shows a valid code's group: its name, size and Join", async () => {
    renderWith(() => ({
      groupId: '7',
      name: 'Trip',
      portrait: '',
      memberCount: 3,
      isMember: false,
      expiresAt: 1,
    }));
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join group chat' })).toBeTruthy();
  });

  it('says a revoked code is no longer valid, and shows nothing of the group', async () => {
    const api = renderWith(() =>
      envelope(null, 403, { msg: 'This group QR code is no longer valid', err: 'groupCodeRevoked' }),
    );
    expect(await screen.findByText('This group QR code is no longer valid')).toBeTruthy();
    for (const name of ['Join group chat', 'Open chat'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    // The page explains it; no toast on top.
    expect(api.toast).not.toHaveBeenCalled();
  });
});
