import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render';
import { installReact19Render } from '../../lib/ui';
import type { LocalMessage } from '../../store/chat/types';
import { ChatLinksContext } from './ChatLinks';
import { MessageBubble } from './MessageBubble';
import { chatMessage as message, installPointerCapture } from './testSupport';
import { fakeServer } from '../../test/fakeServer';

const { copyText } = vi.hoisted(() => ({ copyText: vi.fn(() => Promise.resolve(true)) }));
vi.mock('../../lib/clipboard', () => ({ copyText }));

const user = userEvent.setup({ pointerEventsCheck: 0 });
const FILE = '/file/0123456789abcdef0123456789abcdef';

function renderBubble(m: LocalMessage, onRetry = vi.fn()) {
  const result = renderScreen(
    <ChatLinksContext
      value={{ download: '/wx/download/index', addFriendDetail: '/wx/personInfo/addFriendsDetail' }}
    >
      <MessageBubble message={m} onRetry={onRetry} />
    </ChatLinksContext>,
  );
  return { ...result, onRetry };
}

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});

describe('MessageBubble', () => {
  it('shows text as text, even when it looks like HTML', () => {
    const html = '<img src=x onerror="alert(1)"><b>bold</b>';
    const { container } = renderBubble(message({ content: { text: html } }));
    expect(screen.getByText(html)).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('makes http(s) addresses links that open in a new tab, and nothing else', () => {
    renderBubble(message({ content: { text: 'see https://example.com/a, not javascript:alert(1)' } }));
    const link = screen.getByRole('link', { name: 'https://example.com/a' });
    expect(link.getAttribute('href')).toBe('https://example.com/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('puts own messages on the right and received ones on the left with the sender photo', () => {
    const { container, unmount } = renderBubble(message({ type: 2, content: { text: 'mine' } }));
    expect(container.querySelector('[data-side="own"]')).not.toBeNull();
    unmount();
    renderBubble(message({ type: 1, content: { text: 'yours' } }));
    expect(screen.getByRole('img', { name: 'Amy' })).toBeTruthy();
    expect(document.querySelector('[data-side="peer"]')).not.toBeNull();
  });

  it('offers Copy on a long press and says the content was copied', async () => {
    renderBubble(message({ content: { text: 'copy me' } }));
    fireEvent.contextMenu(screen.getByText('copy me'));
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(copyText).toHaveBeenCalledWith('copy me');
    expect(await screen.findByText('Content copied')).toBeTruthy();
  });

  it('says to copy by hand when copying fails', async () => {
    copyText.mockResolvedValueOnce(false);
    renderBubble(message({ content: { text: 'copy me' } }));
    fireEvent.contextMenu(screen.getByText('copy me'));
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copy failed, please copy manually')).toBeTruthy();
  });

  it('shows a spinner while sending and a Resend button after a failure', async () => {
    const { unmount } = renderBubble(message({ type: 2, sendtype: 'wating' }));
    expect(screen.getByRole('status', { name: 'Sending' })).toBeTruthy();
    unmount();
    const failed = message({ type: 2, sendtype: 'error', id: 'local_1', clientMsgId: 'local_1' });
    const { onRetry } = renderBubble(failed);
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(onRetry).toHaveBeenCalledWith(failed);
  });

  it('shows an image thumbnail that opens the full image with Save', async () => {
    renderBubble(
      message({
        msgType: 'IMAGE',
        content: { url: `${FILE}.jpg`, thumbUrl: `${FILE}.thumb.jpg`, width: 800, height: 400 },
      }),
    );
    const thumb = screen.getByRole('img', { name: 'Image' });
    expect(thumb.getAttribute('src')).toBe(`${FILE}.thumb.jpg`);
    expect((thumb.parentElement as HTMLElement).style.width).toBe('144px');
    expect((thumb.parentElement as HTMLElement).style.height).toBe('72px');
    await user.click(thumb);
    const viewer = await screen.findByRole('dialog', { name: 'Image' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('x', { status: 200 }))),
    );
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => undefined;
    await user.click(within(viewer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image saved successfully')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(`${FILE}.jpg`, { credentials: 'same-origin' });
    vi.unstubAllGlobals();
  });

  it('plays a voice message named by its length', () => {
    renderBubble(message({ msgType: 'VOICE', content: { url: `${FILE}.webm`, duration: 5 } }));
    const button = screen.getByRole('button', { name: 'Voice message, 5 seconds' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('offers the download page when the browser cannot play a video', () => {
    renderBubble(message({ msgType: 'VIDEO', content: { url: `${FILE}.mp4` } }));
    // jsdom plays nothing, like a browser without the codec.
    expect(screen.getByText('Video playback not supported in this browser')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the app' }).getAttribute('href')).toBe(
      '#/wx/download/index',
    );
  });

  it('links a location to the map', () => {
    renderBubble(
      message({
        msgType: 'LOCATION',
        content: { name: 'Central Park', address: 'New York', latitude: 40.785091, longitude: -73.968285 },
      }),
    );
    const link = screen.getByRole('link', { name: /Central Park/ });
    expect(link.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=40.785091&mlon=-73.968285#map=16/40.785091/-73.968285',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(link).getByText('New York')).toBeTruthy();
  });

  it('links a contact card to the person’s add-friend page, with the card’s reference', async () => {
    const { nav } = renderBubble(
      message({
        msgType: 'CARD',
        content: { userId: '77', nickName: 'Zoe', portrait: '', chatNo: 'zoe_1', ref: 'cZoe' },
      }),
    );
    const link = screen.getByRole('link', { name: /Zoe/ });
    expect(within(link).getByText('Chat ID: zoe_1')).toBeTruthy();
    await user.click(link);
    expect(nav.navigateTo).toHaveBeenCalledWith(
      '/wx/personInfo/addFriendsDetail?userId=77&source=card&ref=cZoe',
    );
  });

  it('shows no chat ID row on a card without one (a friend’s card)', () => {
    renderBubble(
      message({ msgType: 'CARD', content: { userId: '78', nickName: 'Yan', portrait: '', chatNo: '' } }),
    );
    const link = screen.getByRole('link', { name: /Yan/ });
    expect(within(link).queryByText(/Chat ID/)).toBeNull();
  });

  it('says files are not implemented yet when one is tapped', async () => {
    renderBubble(
      message({ msgType: 'FILE', content: { url: `${FILE}.pdf`, name: 'report.pdf', size: 2048 } }),
    );
    const file = screen.getByRole('button', { name: /report\.pdf/ });
    expect(within(file).getByText('2 kB')).toBeTruthy();
    await user.click(file);
    expect(await screen.findByText('File function not yet implemented')).toBeTruthy();
  });

  it('shows a shared favorite as the chat shows its content, with whose it was', () => {
    const { unmount } = renderBubble(
      message({
        msgType: 'COLLECTION',
        content: { kind: 'NOTE', content: { text: 'Recipe: dumplings' }, sourceName: '', sourceTime: 1 },
      }),
    );
    expect(screen.getByText('Recipe: dumplings')).toBeTruthy();
    expect(screen.getByText('Favorite')).toBeTruthy();
    unmount();
    renderBubble(
      message({
        msgType: 'COLLECTION',
        content: {
          kind: 'LOCATION',
          content: { name: 'Pier 7', address: '', latitude: 1, longitude: 2 },
          sourceName: 'Amy',
          sourceTime: 1,
        },
      }),
    );
    expect(screen.getByRole('link', { name: /Pier 7/ })).toBeTruthy();
    expect(screen.getByText('Favorite · Amy')).toBeTruthy();
  });

  it('adds a stored message to Favorites from its long-press menu, not one still sending', async () => {
    const server = fakeServer({
      addMessageToFavorites: () => ({
        favoriteId: '5',
        kind: 'TEXT',
        content: { text: 'keep me' },
        sourceName: 'Amy',
        sourceTime: 1,
        createdAt: 2,
      }),
    });
    const { unmount } = renderBubble(message({ id: 'local_1', type: 2, content: { text: 'not yet' } }));
    fireEvent.contextMenu(screen.getByText('not yet'));
    await screen.findByRole('button', { name: 'Copy' });
    expect(screen.queryByRole('button', { name: 'Favorite' })).toBeNull();
    unmount();

    renderBubble(message({ id: '900', msgId: '900', seq: 4, chatId: '31', content: { text: 'keep me' } }));
    fireEvent.contextMenu(screen.getByText('keep me'));
    await user.click(await screen.findByRole('button', { name: 'Favorite' }));
    expect(await screen.findByText('Added to Favorites')).toBeTruthy();
    expect(server.called('addMessageToFavorites')[0]?.request).toEqual({ chatId: '31', msgId: '900' });
  });

  it('shows a call record with its length, in seconds or minutes', () => {
    const { unmount } = renderBubble(message({ msgType: 'TRTC_VOICE_END', content: { duration: 42 } }));
    expect(screen.getByText('Voice call ended, duration 42 seconds')).toBeTruthy();
    unmount();
    renderBubble(message({ msgType: 'TRTC_VIDEO_END', content: { duration: 185 } }));
    expect(screen.getByText('Video call ended, duration 3 minutes')).toBeTruthy();
  });

  it('centres system notices, localized by their code', () => {
    renderBubble(
      message({
        msgType: 'ALERT',
        type: 3,
        content: { code: 'nowFriends', text: 'You are now friends. Start chatting!' },
      }),
    );
    expect(document.querySelector('[data-side]')).toBeNull();
    expect(screen.getByText(/now friends/i)).toBeTruthy();
  });

  it('never links to a URL that is not one of our files', () => {
    renderBubble(message({ msgType: 'IMAGE', content: { url: 'javascript:alert(1)' } }));
    expect(screen.queryByRole('img', { name: 'Image' })).toBeNull();
    expect(screen.getByText('This message cannot be shown in this version')).toBeTruthy();
  });

  it('shows nothing for a call start record', async () => {
    const { container } = renderBubble(message({ msgType: 'TRTC_VOICE_START', content: {} }));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
