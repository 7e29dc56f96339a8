import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { fakeServer, refusal } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { AddFavoriteScreen } from './AddFavoriteScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => sessionStorage.clear());

const note = () => screen.getByRole('textbox', { name: 'Note' });
const done = () => screen.getByRole('button', { name: 'Done' });

describe('AddFavoriteScreen', () => {
  it('asks for content before saving anything', async () => {
    const server = fakeServer({});
    renderScreen(<AddFavoriteScreen />);
    await user.type(note(), '   ');
    await user.click(done());
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in the content');
    expect(server.called('addNoteToFavorites')).toHaveLength(0);
  });

  it('saves the note with Done and goes back', async () => {
    const server = fakeServer({
      addNoteToFavorites: ({ text }) => ({
        favoriteId: '1',
        kind: 'NOTE',
        content: { text },
        sourceName: '',
        sourceTime: 1,
        createdAt: 1,
      }),
    });
    const { nav } = renderScreen(<AddFavoriteScreen />);
    await user.type(note(), 'Buy stamps');
    await user.click(done());
    expect(await screen.findByText('Added to Favorites')).toBeTruthy();
    expect(nav.navigateBack).toHaveBeenCalledOnce();
    expect(server.called('addNoteToFavorites')[0]?.request).toEqual({ text: 'Buy stamps' });
    expect(sessionStorage.getItem('favoriteNoteDraft')).toBeNull();
  });

  it('keeps the note when saving fails, also across leaving the page', async () => {
    const server = fakeServer({ addNoteToFavorites: () => refusal('serverBusy', 503) });
    const { unmount, nav } = renderScreen(<AddFavoriteScreen />);
    await user.type(note(), 'Call the plumber');
    await user.click(done());
    await waitFor(() => expect(server.called('addNoteToFavorites')).toHaveLength(1));
    await waitFor(() => expect((done() as HTMLButtonElement).disabled).toBe(false));
    expect(nav.navigateBack).not.toHaveBeenCalled();
    unmount();
    renderScreen(<AddFavoriteScreen />);
    expect((note() as HTMLTextAreaElement).value).toBe('Call the plumber');
  });
});
