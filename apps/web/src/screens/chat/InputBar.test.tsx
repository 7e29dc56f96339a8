import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXT_MAX, type LinkCard } from '@paichat/protocol';
import { installPointerCapture } from '../../components/chat/testSupport';
import { installReact19Render } from '../../lib/ui';
import { setLinkPreviews } from '../../store/linkPreviewSetting';
import { fakeServer, refusal } from '../../test/fakeServer';
import { me } from '../../test/people';
import { renderScreen } from '../../test/render';
import { groupOf } from '../groups/testGroup';
import { InputBar, type InputBarProps } from './InputBar';
import { LINK_PREVIEW_DEBOUNCE_MS } from './useLinkPreview';

function renderBar(over: Partial<InputBarProps> = {}) {
  const props: InputBarProps = {
    draftKey: 'c1',
    onSendText: vi.fn(() => Promise.resolve()),
    onSendVoice: vi.fn(),
    voiceMode: false,
    onVoiceModeChange: vi.fn(),
    menuOpen: false,
    onMenuToggle: vi.fn(),
    menuId: 'menu',
    ...over,
  };
  return { ...renderScreen(<InputBar {...props} />), props };
}

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
beforeEach(() => sessionStorage.clear());

describe('InputBar', () => {
  it('shows "+" until the box holds text, then Send in its place (as WeChat does)', async () => {
    const { props } = renderBar();
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
    await userEvent.type(box, '   ');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await userEvent.type(box, 'hello');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(props.onSendText).toHaveBeenCalledWith('   hello', {});
    expect((box as HTMLTextAreaElement).value).toBe('');
    // Sent: "+" is back.
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('sends with Enter and keeps Shift+Enter for a new line', async () => {
    const { props } = renderBar();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'one{Shift>}{Enter}{/Shift}two{Enter}');
    expect(props.onSendText).toHaveBeenCalledWith('one\ntwo', {});
  });

  it('limits the text to the protocol maximum and says how much is left near it', () => {
    renderBar();
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(box.maxLength).toBe(TEXT_MAX);
    expect(screen.queryByText(/characters left/)).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(TEXT_MAX - 150) } });
    expect(screen.getByText('150 characters left')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(TEXT_MAX) } });
    expect(screen.getByText(`A message can be at most ${TEXT_MAX} characters`)).toBeTruthy();
  });

  it('keeps the draft when the chat is left and opened again', async () => {
    const first = renderBar();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'unfinished thought');
    first.unmount();
    renderBar();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      'unfinished thought',
    );
  });

  it('keeps drafts apart per chat', async () => {
    const first = renderBar({ draftKey: 'a' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'for a');
    first.unmount();
    renderBar({ draftKey: 'b' });
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('puts the text back when it could not be sent', async () => {
    renderBar({ onSendText: vi.fn(() => Promise.reject(new Error('invalid'))) });
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await userEvent.type(box, 'keep me{Enter}');
    await vi.waitFor(() => expect(box.value).toBe('keep me'));
  });

  it('switches to hold-to-talk and back', async () => {
    const { props, unmount } = renderBar();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to voice' }));
    expect(props.onVoiceModeChange).toHaveBeenCalledWith(true);
    unmount();
    renderBar({ voiceMode: true });
    expect(screen.getByRole('button', { name: 'Hold to talk' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Switch to keyboard' })).toBeTruthy();
  });

  it('toggles the attachment menu with More', async () => {
    const { props } = renderBar();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(props.onMenuToggle).toHaveBeenCalled();
  });

  it('shows the message being quoted with a button that drops it', async () => {
    const onCancel = vi.fn();
    renderBar({ quote: { line: 'Ben: Who brings the map?', onCancel } });
    const bar = screen.getByRole('group', { name: 'Quoting' });
    expect(bar.textContent).toContain('Ben: Who brings the map?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel quote' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('InputBar in a group: @mentions', () => {
  /** Ada's group "Trip" (Ben, Chen, and 张伟 with the group nickname "Wei"), as `role` sees it. */
  function renderGroupBar(role: 'OWNER' | 'MEMBER') {
    const info = groupOf(role);
    info.members.push({
      ...info.members[1]!,
      userId: '13',
      nickName: '张伟',
      groupNick: 'Wei',
      showName: 'Wei',
    });
    fakeServer({ getGroupInfo: () => info, getMyInfo: () => me });
    return renderBar({ groupId: '7' });
  }

  it('opens the member picker on "@", finds a member by pinyin initials, and sends the id while "@Name" stays', async () => {
    const { props } = renderGroupBar('MEMBER');
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await userEvent.type(box, 'hi @');
    const picker = await screen.findByRole('dialog', { name: 'Choose who to mention' });
    // Not oneself (Ada), and no "@All" for a plain member.
    await screen.findByRole('button', { name: 'Ben' });
    expect(screen.queryByRole('button', { name: 'Ada' })).toBeNull();
    expect(screen.queryByRole('button', { name: '@All' })).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'zw');
    expect(screen.queryByRole('button', { name: 'Ben' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Wei' }));
    await vi.waitFor(() => expect(picker.isConnected).toBe(false));
    expect(box.value).toBe('hi @Wei ');

    await userEvent.type(box, 'come{Enter}');
    expect(props.onSendText).toHaveBeenCalledWith('hi @Wei come', { mentions: ['13'] });
  });

  it('offers the owner "@All", and forgets a mention whose name was deleted', async () => {
    const { props } = renderGroupBar('OWNER');
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await userEvent.type(box, '@');
    await userEvent.click(await screen.findByRole('button', { name: '@All' }));
    await userEvent.type(box, '@');
    await userEvent.click(await screen.findByRole('button', { name: 'Ben' }));
    fireEvent.change(box, { target: { value: '@All leaving' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(props.onSendText).toHaveBeenCalledWith('@All leaving', { mentionAll: true });
  });
});

describe('InputBar with a link', () => {
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
  /** Types like a person, with the debounce's timers under the test's control. */
  function typist() {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  }
  const rest = () => vi.advanceTimersByTimeAsync(LINK_PREVIEW_DEBOUNCE_MS);
  const box = () => screen.getByRole('textbox', { name: 'Message' });

  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('asks once the text rests, shows the card above the input, and sends the text with it', async () => {
    const user = typist();
    const url = address();
    const server = fakeServer({ linkPreview: ({ url: asked }) => cardOf(asked) });
    const { props } = renderBar({ previewChatId: '7' });
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
    const { props } = renderBar({ previewChatId: '7' });
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
    const server = fakeServer({ linkPreview: () => refusal('linkPreviewFailed') });
    renderBar({ previewChatId: '7' });
    await user.type(box(), address());
    await rest();
    await vi.waitFor(() => expect(server.called('linkPreview')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Link preview' })).toBeNull();
    expect(server.toast).not.toHaveBeenCalled();
  });

  it('asks nothing with "Link previews" off in Settings', async () => {
    setLinkPreviews(false);
    const user = typist();
    const server = fakeServer({ linkPreview: ({ url: asked }) => cardOf(asked) });
    const { props } = renderBar({ previewChatId: '7' });
    const url = address();
    await user.type(box(), `see ${url}`);
    await rest();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(server.called('linkPreview')).toHaveLength(0);
    expect(props.onSendText).toHaveBeenCalledWith(`see ${url}`, {});
  });
});
