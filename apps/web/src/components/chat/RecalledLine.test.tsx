import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MsgType } from '@paichat/protocol';
import { resetRequest } from '../../api/request';
import { InputBar } from '../../screens/chat/InputBar';
import type { ChatEngine } from '../../store/chat/engine';
import { ChatEngineProvider } from '../../store/chat/hooks';
import type { LocalMessage } from '../../store/chat/types';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';
import { renderScreen } from '../../test/render';
import { MessageBubble } from './MessageBubble';
import { chatMessage } from './testSupport';

const recalled = (over: Partial<LocalMessage>, byId: string, byName: string): LocalMessage =>
  chatMessage({ msgId: 'm1', seq: 4, msgType: MsgType.RECALLED, content: { byId, byName }, ...over });

/** The recalled row beside the chat's input box, with the engine's kept texts. */
function renderChat(message: LocalMessage, kept: Record<string, string> = {}, keptFor = 60_000) {
  const until = Date.now() + keptFor;
  const reEdit = (msgId: string) => {
    const text = kept[msgId];
    return text === undefined || Date.now() >= until ? undefined : { text, until };
  };
  const engine = { reEdit } as unknown as ChatEngine;
  return renderScreen(
    <ChatEngineProvider engine={engine}>
      <MessageBubble message={message} onRetry={vi.fn()} />
      <InputBar
        draftKey={message.chatId}
        onSendText={() => Promise.resolve()}
        onSendVoice={vi.fn()}
        voiceMode={false}
        onVoiceModeChange={vi.fn()}
        menuOpen={false}
        onMenuToggle={vi.fn()}
        menuId="menu"
      />
    </ChatEngineProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  fakeServer({ getMyInfo: () => me });
});
afterEach(resetRequest);

describe('a recalled message', () => {
  it('reads as the grey recall line in its place, naming who recalled it', async () => {
    renderChat(recalled({ type: 1, fromId: '11', nickName: 'Amy' }, '11', 'Amy'));
    expect(screen.getByText('Amy recalled a message')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Re-edit' })).toBeNull();
  });

  it('names the owner and the author when an owner recalled someone else’s message', async () => {
    const { unmount } = renderChat(recalled({ type: 1, fromId: '11', nickName: 'Amy' }, '7', 'Boss'));
    expect(screen.getByText('Boss recalled a message from Amy')).toBeTruthy();
    unmount();
    renderChat(recalled({ type: 1, fromId: '11', nickName: 'Amy' }, me.userId, me.nickName));
    expect(await screen.findByText('You recalled a message from Amy')).toBeTruthy();
  });

  it('offers Re-edit for an own text recalled here, which puts it in the input box', async () => {
    renderChat(recalled({ type: 2, fromId: me.userId }, me.userId, me.nickName), { m1: 'let me rephrase' });
    expect(screen.getByText('You recalled a message')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Re-edit' }));
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect((box as HTMLTextAreaElement).value).toBe('let me rephrase');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('stops offering Re-edit once its time is over', async () => {
    renderChat(recalled({ type: 2, fromId: me.userId }, me.userId, me.nickName), { m1: 'too late' }, 50);
    expect(screen.getByRole('button', { name: 'Re-edit' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Re-edit' })).toBeNull());
    expect(screen.getByText('You recalled a message')).toBeTruthy();
  });
});
