import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Address, UserInfo } from '@paichat/protocol';
import { myInfoKey } from '../../api/queries/myInfo';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { EditAddressScreen, addressOf, pickerValueOf } from './EditAddressScreen';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';

// A small region list, so the test reads as the picker would; the real data has its own tests.
vi.mock('../../lib/regions', () => ({
  preloadRegions: () => Promise.resolve(),
  regionOptions: async () => [
    {
      label: 'United Kingdom',
      value: 'GB',
      children: [
        {
          label: 'England',
          value: 'England',
          children: [
            { label: 'London', value: 'London' },
            { label: 'Leeds', value: 'Leeds' },
          ],
        },
      ],
    },
    {
      label: 'Germany',
      value: 'DE',
      children: [{ label: 'Bavaria', value: 'Bavaria', children: [{ label: 'Munich', value: 'Munich' }] }],
    },
  ],
  formatRegion: (a: Address) => [a.city, a.province, a.country].filter(Boolean).join(', '),
}));

beforeAll(() => {
  installReact19Render();
  // antd-mobile's sheets use pointer capture for their drag gestures; jsdom has none.
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.hasPointerCapture ??= () => false;
});
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

describe('EditAddressScreen', () => {
  it('shows the current region, picks country → province → city, and saves them', async () => {
    const api = fakeServer({
      getMyInfo: () => me,
      updateMyInfo: (body) => ({ ...me, ...(body as Partial<UserInfo>) }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { nav, client } = renderScreen(<EditAddressScreen />);
    await user.click(
      await screen.findByRole('button', { name: 'Region', description: 'London, England, GB' }),
    );

    // antd-mobile's picker sheet has no dialog role; its buttons are named.
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect(screen.getByText('London')).toBeTruthy();
    // A tap on a wheel item; user-event's pointer sequence reads as a drag to the gesture code.
    fireEvent.click(screen.getByText('Germany'));
    // Each column settles a render after the one before it; Confirm takes what they hold, so
    // wait until every wheel reports its choice (antd-mobile labels the current item in Chinese).
    await waitFor(() => {
      for (const label of ['Germany', 'Bavaria', 'Munich'])
        expect(screen.getByLabelText(`当前选择的是：${label}`)).toBeTruthy();
    });
    await user.click(confirm);
    expect(
      await screen.findByRole('button', { name: 'Region', description: 'Munich, Bavaria, DE' }),
    ).toBeTruthy();
    expect(api.called('updateMyInfo')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('updateMyInfo').map((c) => c.body)).toEqual([
      { address: { country: 'DE', province: 'Bavaria', city: 'Munich' } },
    ]);
    expect(client.getQueryData<UserInfo>(myInfoKey)?.address).toEqual({
      country: 'DE',
      province: 'Bavaria',
      city: 'Munich',
    });
  });

  it('goes back without a request when the region did not change', async () => {
    const api = fakeServer({ getMyInfo: () => me });
    const user = userEvent.setup();
    const { nav } = renderScreen(<EditAddressScreen />);
    await screen.findByRole('button', { name: 'Region' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(nav.navigateBack).toHaveBeenCalledOnce();
    expect(api.called('updateMyInfo')).toHaveLength(0);
  });
});

describe('picker value ⇄ address', () => {
  it('maps the columns to country, province and city, missing levels empty', () => {
    expect(addressOf(['DE', 'Bavaria', 'Munich'])).toEqual({
      country: 'DE',
      province: 'Bavaria',
      city: 'Munich',
    });
    expect(addressOf(['SG', null])).toEqual({ country: 'SG', province: '', city: '' });
    expect(pickerValueOf({ country: 'SG', province: '', city: '' })).toEqual(['SG']);
    expect(pickerValueOf({ country: '', province: '', city: '' })).toEqual([]);
    expect(pickerValueOf(me.address)).toEqual(['GB', 'England', 'London']);
  });
});
