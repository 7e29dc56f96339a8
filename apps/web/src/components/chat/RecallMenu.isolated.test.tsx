import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_RECALL_WINDOWS } from '@paichat/protocol';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { groupOf } from '../../screens/groups/testGroup';
import type { ChatEngine } from '../../store/chat/engine';
import { ChatEngineProvider } from '../../store/chat/hooks';
import type { LocalMessage } from '../../store/chat/types';
import { fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { MessageBubble } from './MessageBubble';
import { chatMessage, installPointerCapture } from './testSupport';

const user = userEvent.setup({ pointerEventsCheck: 0 });

/** A stored message (the server has it), sent `ageMs` ago. */
const stored = (over: Partial<LocalMessage>, ageMs = 0): LocalMessage =>
  chatMessage({ msgId: '900', seq: 4, chatId: '31', createTime: Date.now() - ageMs, ...over });

function renderMenu(message: LocalMessage, recall = vi.fn(() => Promise.resolve())) {
  const engine = { recall, reEdit: () => undefined } as unknown as ChatEngine;
  renderScreen(
    <ChatEngineProvider engine={engine}>
      <MessageBubble message={message} onRetry={vi.fn()} />
    </ChatEngineProvider>,
  );
  fireEvent.contextMenu(screen.getByText((message.content as { text: string }).text));
  return recall;
}

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
afterEach(resetRequest);

describe('Recall in the message menu', () => {
  it('is offered for an own message within the window, and recalls it', async () => {
    fakeServer({ getRecallWindows: () => DEFAULT_RECALL_WINDOWS });
    const message = stored({ type: 2, content: { text: 'sent by mistake' } }, 60_000);
    const recall = renderMenu(message);
    await user.click(await screen.findByRole('button', { name: 'Recall' }));
    expect(recall).toHaveBeenCalledWith('31', message);
  });

  it('is not offered past the window', async () => {
    fakeServer({ getRecallWindows: () => DEFAULT_RECALL_WINDOWS });
    renderMenu(
      stored({ type: 2, content: { text: 'too old' } }, DEFAULT_RECALL_WINDOWS.seconds * 1000 + 5000),
    );
    await screen.findByRole('button', { name: 'Copy' });
    expect(screen.queryByRole('button', { name: 'Recall' })).toBeNull();
  });

  it('is not offered on someone else’s message in a one-to-one chat', async () => {
    fakeServer({ getRecallWindows: () => DEFAULT_RECALL_WINDOWS });
    renderMenu(stored({ type: 1, content: { text: 'from Amy' } }));
    await screen.findByRole('button', { name: 'Copy' });
    expect(screen.queryByRole('button', { name: 'Recall' })).toBeNull();
  });

  it('is offered to a group’s owner on a member’s message, and a refusal shows why', async () => {
    fakeServer({ getRecallWindows: () => DEFAULT_RECALL_WINDOWS, getGroupInfo: () => groupOf('OWNER') });
    const refused = vi.fn(() => Promise.reject(new Error("It's been too long to recall this message")));
    renderMenu(
      stored({ type: 1, toId: '7', windowType: 'GROUP', content: { text: 'off topic' } }, 3_600_000),
      refused,
    );
    await user.click(await screen.findByRole('button', { name: 'Recall' }));
    expect(await screen.findByText("It's been too long to recall this message")).toBeTruthy();
  });
});
