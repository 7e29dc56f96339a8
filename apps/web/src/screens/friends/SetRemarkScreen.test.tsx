import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TAGS_MAX, type Friend, type PersonView } from '@paichat/protocol';
import { configureRequest, resetRequest } from '../../api/request';
import { friendListKey } from '../../api/queries/friendList';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { dialogClosed, dialogShowing } from '../../test/dialogs';
import { fakeServer, refusal } from '../../test/fakeServer';
import { SetRemarkScreen, cleanTags } from './SetRemarkScreen';

const zoe: PersonView = {
  userId: '7',
  nickName: 'Zoe',
  portrait: '',
  userType: 'user',
  chatNo: 'zoe',
  gender: 'female',
  intro: '',
  address: { country: '', province: '', city: '' },
  isSelf: false,
  isFriend: true,
  isBlocked: false,
  requestSent: false,
  remark: '',
  tags: ['work'],
};

function serve() {
  const api = fakeServer({
    friendInfo: ({ id }) => (id === '7' ? zoe : refusal('userNotFound', 404)),
    setRemark: () => null,
    listFriends: () => ({ list: [] }),
  });
  configureRequest({ fetch: api.fetch, toast: vi.fn() });
  return api;
}

const open = () => renderScreen(<SetRemarkScreen />, { path: '/wx/personInfo/beizhu?userId=7' });

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

describe('SetRemarkScreen', () => {
  it('needs a remark: "Please fill in the content" (the spec\'s text, as a sentence), and nothing is sent', async () => {
    const api = serve();
    const { nav } = open();
    const done = await screen.findByRole('button', { name: 'Done' });
    await waitFor(() => expect(done.hasAttribute('disabled')).toBe(false));
    await userEvent.type(screen.getByRole('textbox', { name: 'Remark' }), '   ');
    await userEvent.click(done);
    expect(screen.getByRole('alert').textContent).toBe('Please fill in the content');
    expect(api.called('setRemark')).toEqual([]);
    expect(nav.navigateBack).not.toHaveBeenCalled();
  });

  it('saves the remark and tags, regroups the contact, and goes back', async () => {
    const api = serve();
    const { nav, client } = open();
    const friend: Friend = {
      userId: '7',
      nickName: 'Zoe',
      portrait: '',
      userType: 'user',
      chatNo: 'zoe',
      remark: '',
      tags: [],
      isBlocked: false,
    };
    client.setQueryData(friendListKey, [friend]);
    // The saved tags show until edited.
    expect(await screen.findByText('work')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Remark' }), ' Aunt Zoe ');
    await userEvent.type(screen.getByRole('textbox', { name: 'New tag' }), 'family{Enter}');
    await userEvent.type(screen.getByRole('textbox', { name: 'New tag' }), 'family{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('This tag is already added');
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag work' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalled());
    expect(api.called('setRemark').map((c) => c.body)).toEqual([
      { userId: '7', remark: 'Aunt Zoe', tags: ['family'] },
    ]);
    expect(client.getQueryData<Friend[]>(friendListKey)?.[0]?.remark).toBe('Aunt Zoe');
  });

  it(`stops adding tags at ${TAGS_MAX}`, async () => {
    serve();
    open();
    await screen.findByText('work');
    const field = screen.getByRole('textbox', { name: 'New tag' });
    for (let i = 1; i < TAGS_MAX; i++) await userEvent.type(field, `t${i}{Enter}`);
    expect(screen.getAllByRole('button', { name: /^Remove tag/ })).toHaveLength(TAGS_MAX);
    expect(screen.getByRole('textbox', { name: 'New tag' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(`At most ${TAGS_MAX} tags`)).toBeTruthy();
  });

  it("asks Save changes? on Back once a tag is removed; Don't save leaves it saved as it was", async () => {
    const api = serve();
    const { nav } = open();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('work');
    // Nothing changed yet: Back leaves at once.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(nav.navigateBack).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Remove tag work' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(
      within(await dialogShowing('Save changes?')).getByRole('button', { name: "Don't save" }),
    );
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledTimes(2));
    expect(api.called('setRemark')).toEqual([]);
    await dialogClosed('Save changes?');
  });

  it('cleans tags before saving', () => {
    expect(cleanTags([' a ', '', 'a', 'b'.repeat(40)])).toEqual(['a', 'b'.repeat(16)]);
  });
});
