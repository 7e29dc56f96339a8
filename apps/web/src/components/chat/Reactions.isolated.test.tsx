import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_RECALL_WINDOWS } from '@paichat/protocol';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import type { ChatEngine } from '../../store/chat/engine';
import { ChatEngineProvider } from '../../store/chat/hooks';
import type { LocalMessage, ReactorsByEmoji } from '../../store/chat/types';
import { fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { MessageBubble } from './MessageBubble';
import { chatMessage, installPointerCapture } from './testSupport';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const stored = (over: Partial<LocalMessage>): LocalMessage =>
  chatMessage({ msgId: '900', seq: 4, chatId: '31', ...over });

function renderBubble(message: LocalMessage, who: ReactorsByEmoji = []) {
  fakeServer({ getRecallWindows: () => DEFAULT_RECALL_WINDOWS, listFriends: () => ({ list: [] }) });
  const react = vi.fn(() => Promise.resolve());
  const engine = {
    react,
    whoReacted: () => Promise.resolve(who),
    reEdit: () => undefined,
  } as unknown as ChatEngine;
  renderScreen(
    <ChatEngineProvider engine={engine}>
      <MessageBubble message={message} onRetry={vi.fn()} />
    </ChatEngineProvider>,
  );
  return react;
}

const hold = (text: string) => fireEvent.contextMenu(screen.getByText(text));

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
afterEach(resetRequest);

describe('reactions on a message', () => {
  it('the menu offers the six quick reactions; one tap reacts', async () => {
    const message = stored({ content: { text: 'lunch?' } });
    const react = renderBubble(message);
    hold('lunch?');
    const quick = await screen.findByRole('group', { name: 'Quick reactions' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['👍', '❤️', '😂', '😮', '😢', '🙏', '+']);
    await user.click(within(quick).getByRole('button', { name: 'React with 😂' }));
    expect(react).toHaveBeenCalledWith('31', message, '😂');
  });

  it('a row still sending offers none', async () => {
    renderBubble(chatMessage({ type: 2, sendtype: 'wating', content: { text: 'on its way' } }));
    hold('on its way');
    await screen.findByRole('button', { name: 'Copy' });
    expect(screen.queryByRole('group', { name: 'Quick reactions' })).toBeNull();
  });

  it('the picker takes any one emoji typed in, and refuses text', async () => {
    const message = stored({ content: { text: 'new bike' } });
    const react = renderBubble(message);
    hold('new bike');
    await user.click(await screen.findByRole('button', { name: 'More emoji' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a reaction' });
    const field = within(picker).getByRole('textbox', { name: 'Or type any emoji' });
    await user.type(field, 'cool');
    await user.click(within(picker).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('That is not an emoji')).toBeTruthy();
    expect(react).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '🦄');
    await user.click(within(picker).getByRole('button', { name: 'Add' }));
    expect(react).toHaveBeenCalledWith('31', message, '🦄');
  });

  it('chips show each emoji and its count, yours pressed; a tap toggles; holding them lists who reacted', async () => {
    const message = stored({
      content: { text: 'party at mine' },
      reactions: {
        seq: 9,
        list: [
          { emoji: '👍', count: 2, mine: true },
          { emoji: '🎉', count: 1, mine: false },
        ],
      },
    });
    const react = renderBubble(message, [
      { emoji: '👍', users: [{ userId: '11', nickName: 'Amy', portrait: '', groupNick: 'Team lead' }] },
      { emoji: '🎉', users: [{ userId: '12', nickName: 'Ben', portrait: '', groupNick: '' }] },
    ]);
    expect(screen.getByRole('button', { name: '👍 2', pressed: true })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '🎉 1', pressed: false }));
    expect(react).toHaveBeenCalledWith('31', message, '🎉');

    fireEvent.contextMenu(screen.getByRole('group', { name: 'Reactions' }));
    const sheet = await screen.findByRole('dialog', { name: 'Who reacted' });
    expect(await within(sheet).findByText('Team lead')).toBeTruthy();
    expect(within(sheet).getByText('Ben')).toBeTruthy();
  });

  it('a recalled message shows no chips', () => {
    renderBubble(
      stored({
        msgType: 'RECALLED',
        content: { byId: '11', byName: 'Amy' },
        reactions: { seq: 9, list: [{ emoji: '👍', count: 1, mine: false }] },
      }),
    );
    expect(screen.queryByRole('button', { name: '👍 1' })).toBeNull();
  });
});
