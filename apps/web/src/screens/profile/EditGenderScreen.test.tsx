import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyInfo, UserInfo } from '@paichat/protocol';
import { myInfoKey } from '../../api/queries/myInfo';
import { resetRequest } from '../../api/request';
import { renderScreen } from '../../test/render';
import { EditGenderScreen } from './EditGenderScreen';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';

beforeEach(() => resetRequest());
afterEach(() => resetRequest());

const server = (info: MyInfo) =>
  fakeServer({
    getMyInfo: () => info,
    updateMyInfo: (body) => ({ ...info, ...body }),
  });

describe('EditGenderScreen', () => {
  it('offers Male, Female and Unknown, the current one chosen, and saves a change', async () => {
    const api = server(me);
    const user = userEvent.setup();
    const { nav, client } = renderScreen(<EditGenderScreen />);
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'Female' })).checked).toBe(true);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'male',
      'female',
      'unknown',
    ]);

    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('updateMyInfo').map((c) => c.body)).toEqual([{ gender: 'male' }]);
    expect(client.getQueryData<UserInfo>(myInfoKey)?.gender).toBe('male');
  });

  it('needs a selection: an account that never chose starts with none, and saving says so', async () => {
    const api = server({ ...me, gender: 'unknown' });
    const user = userEvent.setup();
    const { nav } = renderScreen(<EditGenderScreen />);
    const radios = await screen.findAllByRole<HTMLInputElement>('radio');
    expect(radios.some((r) => r.checked)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Gender needs a selection');
    expect(api.called('updateMyInfo')).toHaveLength(0);
    expect(nav.navigateBack).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Unknown' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    // 'unknown' is what the account had: nothing to send.
    expect(nav.navigateBack).toHaveBeenCalledOnce();
    expect(api.called('updateMyInfo')).toHaveLength(0);
  });
});
