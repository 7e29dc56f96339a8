import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NICKNAME_MAX, type UserInfo } from '@paichat/protocol';
import { myInfoKey } from '../../api/queries/myInfo';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { dialogClosed, dialogShowing } from '../../test/dialogs';
import { EditNickNameScreen } from './EditNickNameScreen';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

const server = () =>
  fakeServer({
    getMyInfo: () => me,
    updateMyInfo: (body) => ({ ...me, ...(body as Partial<UserInfo>) }),
  });

describe('EditNickNameScreen', () => {
  it('starts from the current name, saves it trimmed, updates my info and goes back', async () => {
    const api = server();
    const user = userEvent.setup();
    const { nav, client } = renderScreen(<EditNickNameScreen />);
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(field.value).toBe('Ada Lovelace');
    expect(field.maxLength).toBe(NICKNAME_MAX);

    await user.clear(field);
    await user.type(field, '  Countess Ada  ');
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('updateMyInfo').map((c) => c.body)).toEqual([{ nickName: 'Countess Ada' }]);
    expect(client.getQueryData<UserInfo>(myInfoKey)?.nickName).toBe('Countess Ada');
  });

  it('requires a name: blanks say so and nothing is sent', async () => {
    const api = server();
    const user = userEvent.setup();
    const { nav } = renderScreen(<EditNickNameScreen />);
    const field = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a nickname');
    expect(api.called('updateMyInfo')).toHaveLength(0);
    expect(nav.navigateBack).not.toHaveBeenCalled();
  });

  it('goes back without a request when nothing changed', async () => {
    const api = server();
    const user = userEvent.setup();
    const { nav } = renderScreen(<EditNickNameScreen />);
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(nav.navigateBack).toHaveBeenCalledOnce();
    expect(api.called('updateMyInfo')).toHaveLength(0);
  });

  it('stays when the server refuses, which the request function has shown', async () => {
    const api = fakeServer({
      getMyInfo: () => me,
      updateMyInfo: () => new Response(JSON.stringify({ code: 400, msg: 'nickName: too long', data: null })),
    });
    const user = userEvent.setup();
    const { nav, client } = renderScreen(<EditNickNameScreen />);
    const field = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(field, '!');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(api.toast).toHaveBeenCalledWith('nickName: too long', 'top'));
    expect(nav.navigateBack).not.toHaveBeenCalled();
    expect(client.getQueryData<UserInfo>(myInfoKey)?.nickName).toBe('Ada Lovelace');
  });

  describe('leaving with the name changed but not saved', () => {
    // antd-mobile's dialog keeps pointer-events off while it animates in.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    async function editThenBack() {
      const api = server();
      const rendered = renderScreen(<EditNickNameScreen />);
      const field = await screen.findByRole('textbox', { name: 'Name' });
      await user.clear(field);
      await user.type(field, 'Countess Ada');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      return { api, ...rendered, dialog: await dialogShowing('Save changes?') };
    }

    it("asks Save changes?; Don't save goes back and sends nothing", async () => {
      const { api, nav, dialog } = await editThenBack();
      expect(nav.navigateBack).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: "Don't save" }));
      await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
      expect(api.called('updateMyInfo')).toHaveLength(0);
      await dialogClosed('Save changes?');
    });

    it('asks Save changes?; Save saves the name, then goes back', async () => {
      const { api, nav, dialog } = await editThenBack();
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
      expect(api.called('updateMyInfo').map((c) => c.body)).toEqual([{ nickName: 'Countess Ada' }]);
      await dialogClosed('Save changes?');
    });

    it('Save with a blank name stays and says why', async () => {
      const api = server();
      const { nav } = renderScreen(<EditNickNameScreen />);
      await user.clear(await screen.findByRole('textbox', { name: 'Name' }));
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await user.click(within(await dialogShowing('Save changes?')).getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Please enter a nickname');
      expect(nav.navigateBack).not.toHaveBeenCalled();
      expect(api.called('updateMyInfo')).toHaveLength(0);
      await dialogClosed('Save changes?');
    });

    it('goes straight back, without asking, when nothing changed', async () => {
      server();
      const { nav } = renderScreen(<EditNickNameScreen />);
      await screen.findByRole('textbox', { name: 'Name' });
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(nav.navigateBack).toHaveBeenCalledOnce();
      expect(screen.queryByText('Save changes?')).toBeNull();
    });
  });
});
