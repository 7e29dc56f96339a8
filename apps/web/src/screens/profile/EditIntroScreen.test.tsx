import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INTRO_MAX, type UserInfo } from '@paichat/protocol';
import { myInfoKey } from '../../api/queries/myInfo';
import { resetRequest } from '../../api/request';
import { renderScreen } from '../../test/render';
import { EditIntroScreen } from './EditIntroScreen';
import { fakeServer, refusal } from '../../test/fakeServer';
import { me } from '../../test/people';

beforeEach(() => resetRequest());
afterEach(() => resetRequest());

const suggestions = [
  { dictLabel: 'Every day is a fresh start.', dictValue: '1' },
  { dictLabel: 'Stay curious, stay kind.', dictValue: '2' },
];

const server = () =>
  fakeServer({
    getMyInfo: () => me,
    getDict: ({ type }) => (type === 'user_intro_suggest' ? suggestions : refusal('notFound', 404)),
    updateMyInfo: (body) => ({ ...me, ...(body as Partial<UserInfo>) }),
  });

describe('EditIntroScreen', () => {
  it('counts the characters of the bio against its limit', async () => {
    server();
    const user = userEvent.setup();
    renderScreen(<EditIntroScreen />);
    const field = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Bio' });
    expect(field.value).toBe('Poetical science');
    expect(field.maxLength).toBe(INTRO_MAX);
    expect(screen.getByText(`16/${INTRO_MAX}`)).toBeTruthy();
    await user.type(field, '!');
    expect(screen.getByText(`17/${INTRO_MAX}`)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Bio', description: `17 of ${INTRO_MAX} characters` })).toBe(
      field,
    );
  });

  it('offers the suggested signatures, in the request language, and a tap fills the field', async () => {
    const api = server();
    const user = userEvent.setup();
    const { nav, client } = renderScreen(<EditIntroScreen />);
    const list = await screen.findByRole('region', { name: 'Suggestions' });
    expect(api.called('getDict')[0]?.headers.lang).toBe('en');

    await user.click(within(list).getByRole('button', { name: 'Stay curious, stay kind.' }));
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Bio' });
    expect(field.value).toBe('Stay curious, stay kind.');
    expect(document.activeElement).toBe(field);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('updateMyInfo').map((c) => c.body)).toEqual([{ intro: 'Stay curious, stay kind.' }]);
    expect(client.getQueryData<UserInfo>(myInfoKey)?.intro).toBe('Stay curious, stay kind.');
  });

  it('may be emptied', async () => {
    const api = server();
    const user = userEvent.setup();
    const { nav } = renderScreen(<EditIntroScreen />);
    await user.clear(await screen.findByRole('textbox', { name: 'Bio' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('updateMyInfo').map((c) => c.body)).toEqual([{ intro: '' }]);
  });

  it('still works when the dictionary cannot load, without suggestions', async () => {
    const api = fakeServer({ getMyInfo: () => me });
    renderScreen(<EditIntroScreen />);
    await screen.findByRole('textbox', { name: 'Bio' });
    await waitFor(() => expect(api.called('getDict')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Suggestions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });
});
