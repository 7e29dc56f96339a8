import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LinkCard } from '@paichat/protocol';
import { installReact19Render } from '../../lib/ui';
import { setLinkPreviews } from '../../store/linkPreviewSetting';
import { fakeServer, refusal } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { InputBar, type InputBarProps } from './InputBar';
import { LINK_PREVIEW_DEBOUNCE_MS } from './useLinkPreview';

/** Each test its own addresses: answers are remembered for the page's life. */
let n = 0;
const address = () => `https://news.example/story-${(n += 1)}`;

const cardOf = (url: string): LinkCard => ({
  url,
  title: 'Rain expected all week',
  description: 'Umbrellas recommended.',
  siteName: 'Daily Weather',
  image: null,
});

function renderBar(over: Partial<InputBarProps> = {}) {
  const props: InputBarProps = {
    draftKey: `c${n}`,
    previewChatId: '7',
    onSendText: vi.fn(() => Promise.resolve()),
    onSendVoice: vi.fn(),
    voiceMode: false,
    onVoiceModeChange: vi.fn(),
    menuOpen: false,
    onMenuToggle: vi.fn(),
    menuId: 'menu',
    ...over,
  };
  renderScreen(<InputBar {...props} />);
  return props;
}

/** Types like a person, with the debounce's timers under the test's control. */
function typist() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}
const rest = () => vi.advanceTimersByTimeAsync(LINK_PREVIEW_DEBOUNCE_MS);
const box = () => screen.getByRole('textbox', { name: 'Message' });

beforeAll(() => installReact19Render());
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the composer with a link', () => {
  it('asks once the text rests, shows the card above the input, and sends the text with it', async () => {
    const user = typist();
    const url = address();
    const server = fakeServer({ linkPreview: ({ url: asked }) => cardOf(asked) });
    const props = renderBar();
    await user.type(box(), `read ${url} today`);
    await rest();

    const preview = await screen.findByRole('group', { name: 'Link preview' });
    expect(preview.textContent).toContain('Rain expected all week');
    expect(preview.textContent).toContain('Daily Weather');
    // One request for the address as typed, not one per key.
    expect(server.called('linkPreview').map((c) => c.request)).toEqual([{ chatId: '7', url }]);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(props.onSendText).toHaveBeenCalledWith(`read ${url} today`, { link: { url } });
    expect(screen.queryByRole('group', { name: 'Link preview' })).toBeNull();
  });

  it('closing the card sends the text without it, and does not ask again', async () => {
    const user = typist();
    const url = address();
    const server = fakeServer({ linkPreview: ({ url: asked }) => cardOf(asked) });
    const props = renderBar();
    await user.type(box(), url);
    await rest();
    await user.click(await screen.findByRole('button', { name: 'Send without the preview' }));
    expect(screen.queryByRole('group', { name: 'Link preview' })).toBeNull();

    await user.type(box(), ' ok');
    await rest();
    expect(screen.queryByRole('group', { name: 'Link preview' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(props.onSendText).toHaveBeenCalledWith(`${url} ok`, {});
    expect(server.called('linkPreview')).toHaveLength(1);
  });

  it('shows nothing, and says nothing, for a link the server will not preview', async () => {
    const user = typist();
    const url = address();
    const server = fakeServer({ linkPreview: () => refusal('linkPreviewFailed') });
    renderBar();
    await user.type(box(), url);
    await rest();
    await vi.waitFor(() => expect(server.called('linkPreview')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Link preview' })).toBeNull();
    expect(server.toast).not.toHaveBeenCalled();
  });

  it('asks nothing with "Link previews" off in Settings', async () => {
    setLinkPreviews(false);
    const user = typist();
    const server = fakeServer({ linkPreview: ({ url: asked }) => cardOf(asked) });
    const props = renderBar();
    const url = address();
    await user.type(box(), `see ${url}`);
    await rest();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(server.called('linkPreview')).toHaveLength(0);
    expect(props.onSendText).toHaveBeenCalledWith(`see ${url}`, {});
  });
});
