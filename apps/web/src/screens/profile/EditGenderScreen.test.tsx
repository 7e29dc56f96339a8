import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyInfo, UserInfo } from '@paichat/protocol';
import { myInfoKey } from '../../api/queries/myInfo';
import { resetRequest } from '../../api/request';
import { renderScreen } from '../../test/render';
import { EditGenderScreen } from './EditGenderScreen';
import { PersonalInfoScreen, type PersonalInfoLinks } from './PersonalInfoScreen';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';

beforeEach(() => resetRequest());
afterEach(() => resetRequest());

const links: PersonalInfoLinks = {
  nickName: '/name',
  chatNo: '/chatno',
  qrCode: '/qr',
  gender: '/gender',
  region: '/region',
  bio: '/bio',
  password: '/password',
};

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

  it('shows Unknown chosen for an account that never chose, as Personal Info says, and Done sends nothing', async () => {
    const info = { ...me, gender: 'unknown' as const };
    const api = server(info);
    const user = userEvent.setup();
    const personalInfo = renderScreen(<PersonalInfoScreen links={links} />);
    expect(await screen.findByRole('button', { name: 'Gender', description: 'Unknown' })).toBeTruthy();
    personalInfo.unmount();

    const { nav } = renderScreen(<EditGenderScreen />);
    const chosen = (await screen.findAllByRole<HTMLInputElement>('radio')).filter((r) => r.checked);
    expect(chosen.map((r) => r.getAttribute('value'))).toEqual(['unknown']);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Unknown' }).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    // 'unknown' is what the account had: nothing to send.
    expect(nav.navigateBack).toHaveBeenCalledOnce();
    expect(api.called('updateMyInfo')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
