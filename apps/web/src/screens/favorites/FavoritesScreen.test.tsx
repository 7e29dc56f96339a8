import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { Favorite } from '@paichat/protocol';
import { installPointerCapture } from '../../components/chat/testSupport';
import { installReact19Render } from '../../lib/ui';
import { fakeServer, type FakeHandlers } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { isRedButton } from '../../test/dialogs';
import { FavoritesScreen } from './FavoritesScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
afterEach(() => sessionStorage.clear());

const FILE = '/file/0123456789abcdef0123456789abcdef';
let next = 100;
const favorite = (over: Partial<Favorite> = {}): Favorite => {
  next += 1;
  return {
    favoriteId: String(next),
    kind: 'TEXT',
    content: { text: `Saved ${next}` },
    sourceName: 'Amy',
    sourceTime: Date.now() - 60_000,
    createdAt: Date.now() - 1_000,
    ...over,
  };
};

/** Favorites over a fake server holding `all` (newest first), searched and paged like the real one. */
function open(all: Favorite[], handlers: FakeHandlers = {}) {
  let held = [...all];
  const server = fakeServer({
    listFavorites: ({ keyword, before, pageSize }) => {
      const words = (f: Favorite) => `${JSON.stringify(f.content)} ${f.sourceName}`.toLowerCase();
      const matching = held.filter((f) => !keyword || words(f).includes(keyword.toLowerCase()));
      const start = before ? matching.findIndex((f) => f.favoriteId === before) + 1 : 0;
      const list = matching.slice(start, start + pageSize);
      return { list, next: start + pageSize < matching.length ? (list.at(-1)?.favoriteId ?? null) : null };
    },
    deleteFavorite: ({ favoriteId }) => {
      held = held.filter((f) => f.favoriteId !== favoriteId);
      return null;
    },
    ...handlers,
  });
  const view = renderScreen(
    <VirtuosoMockContext value={{ viewportHeight: 3000, itemHeight: 80 }}>
      <FavoritesScreen addUrl="/add" addFriendDetailUrl="/person" downloadUrl="/download" />
    </VirtuosoMockContext>,
  );
  return { server, ...view };
}

describe('FavoritesScreen', () => {
  it('lists favorites newest first by kind, with their sender, and says so when there are none', async () => {
    const { unmount } = open([
      favorite({ content: { text: 'Trail starts at the north gate' } }),
      favorite({
        kind: 'IMAGE',
        content: { url: `${FILE}.jpg`, thumbUrl: `${FILE}.thumb.jpg`, width: 4, height: 3 },
      }),
      favorite({ kind: 'NOTE', content: { text: 'Pack the tent' }, sourceName: '' }),
    ]);
    const rows = await screen.findAllByRole('button', { name: /Amy|Note/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Trail starts at the north gate'),
      expect.stringContaining('Amy'),
      expect.stringContaining('Note'),
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('img', { name: 'Picture' })
        .getAttribute('src'),
    ).toBe(`${FILE}.thumb.jpg`);
    unmount();
    open([]);
    expect(await screen.findByText('No favorites yet')).toBeTruthy();
  });

  it('opens a saved picture full screen from its sheet; Escape closes the viewer, not the sheet', async () => {
    open([
      favorite({
        kind: 'IMAGE',
        content: { url: `${FILE}.jpg`, thumbUrl: `${FILE}.thumb.jpg`, width: 4, height: 3 },
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: /Amy/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Favorite' });
    await user.click(within(sheet).getByRole('img', { name: 'Picture' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image' });
    expect(document.querySelector('.adm-image-viewer-slide img')?.getAttribute('src')).toBe(`${FILE}.jpg`);
    fireEvent.keyDown(within(viewer).getByRole('button', { name: 'Save' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image' })).toBeNull());
    // The viewer fades out and goes.
    await waitFor(() => expect(document.querySelector('.adm-image-viewer-slides')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Favorite' })).toBeTruthy();
  });

  it('finds favorites by a search, and says when nothing matches', async () => {
    const { server } = open([favorite({ content: { text: 'Dumpling recipe' } }), favorite()]);
    await screen.findByText('Dumpling recipe');
    await user.type(screen.getByRole('searchbox', { name: 'Search favorites' }), 'dumpling');
    await waitFor(() => expect(screen.queryByText(/^Saved/)).toBeNull());
    expect(await screen.findByText('Dumpling recipe')).toBeTruthy();
    expect(server.called('listFavorites').at(-1)?.request).toMatchObject({ keyword: 'dumpling' });
    await user.clear(screen.getByRole('searchbox', { name: 'Search favorites' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search favorites' }), 'zebra');
    expect(await screen.findByText('No matching favorites')).toBeTruthy();
  });

  it('loads older favorites as the end of the list comes near', async () => {
    const all = Array.from({ length: 30 }, (_, i) => favorite({ content: { text: `Item ${i + 1}` } }));
    const { server } = open(all);
    expect(await screen.findByText('Item 30')).toBeTruthy();
    expect(await screen.findByText('No more favorites')).toBeTruthy();
    expect(server.called('listFavorites')).toHaveLength(2);
  });

  it('opens one whole, and deletes it after asking, naming it', async () => {
    const { server } = open([favorite({ content: { text: 'A very long recipe for dumplings with pork' } })]);
    await user.click(await screen.findByRole('button', { name: /A very long recipe/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Favorite' });
    expect(within(sheet).getByText('A very long recipe for dumplings with pork')).toBeTruthy();
    expect(within(sheet).getByText(/^From Amy, /)).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete “A very long recipe f…” from Favorites?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(server.called('deleteFavorite')).toHaveLength(0);

    fireEvent.contextMenu(screen.getByRole('button', { name: /A very long recipe/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: '' });
    expect(confirm.textContent).toContain('Delete “A very long recipe f…” from Favorites?');
    expect([isRedButton(confirm, 'Delete'), isRedButton(confirm, 'Cancel')]).toEqual([true, false]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText(/A very long recipe/)).toBeNull());
    expect(server.called('deleteFavorite')[0]?.request).toEqual({ favoriteId: expect.any(String) });
  });
});
