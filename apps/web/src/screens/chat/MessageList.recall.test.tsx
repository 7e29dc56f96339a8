import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MsgType } from '@paichat/protocol';
import { chatMessage } from '../../components/chat/testSupport';
import type { LocalMessage } from '../../store/chat/types';
import { MessageList } from './MessageList';

const list = (messages: LocalMessage[]) => (
  <MessageList
    name="Amy"
    messages={messages}
    hasOlder={false}
    loadingOlder={false}
    onLoadOlder={vi.fn()}
    onRetry={vi.fn()}
    viewportHeight={600}
  />
);

describe('the message list', () => {
  it('announces a message its author recalls while the chat is open', () => {
    const message = chatMessage({ msgId: 'm1', seq: 2, content: { text: 'oops' } });
    const { rerender, container } = render(list([message]));
    const polite = container.querySelector('[aria-live="polite"]');
    expect(polite?.textContent).toBe('');
    const recalled = { ...message, msgType: MsgType.RECALLED, content: { byId: '11', byName: 'Amy' } };
    rerender(list([recalled]));
    expect(polite?.textContent).toBe('Amy recalled a message');
  });
});
