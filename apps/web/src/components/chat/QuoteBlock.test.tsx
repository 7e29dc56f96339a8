import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quote } from '@paichat/protocol';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { MessageBubble } from './MessageBubble';
import { QuoteJumpContext } from './QuoteBlock';
import { chatMessage } from './testSupport';

beforeAll(() => installReact19Render());

const quote = (over: Partial<Quote> = {}): Quote => ({
  msgId: '501',
  seq: 3,
  fromId: '22',
  fromName: 'Ben',
  msgType: 'TEXT',
  snippet: 'Who brings the map?',
  recalled: false,
  ...over,
});

function renderReply(q: Quote, jump = vi.fn()) {
  renderScreen(
    <QuoteJumpContext value={jump}>
      <MessageBubble message={chatMessage({ content: { text: 'I do', quote: q } })} onRetry={vi.fn()} />
    </QuoteJumpContext>,
  );
  return jump;
}

describe('a reply quoting a message', () => {
  it('shows the quoted sender and snippet above the reply; tapping it goes to the original', async () => {
    const jump = renderReply(quote());
    expect(screen.getByText('I do')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ben: Who brings the map?' }));
    expect(jump).toHaveBeenCalledWith(expect.objectContaining({ msgId: '501', seq: 3 }));
  });

  it("names a picture by its type's label", () => {
    renderReply(quote({ msgType: 'IMAGE', snippet: '' }));
    expect(screen.getByRole('button', { name: 'Ben: [Image]' })).toBeTruthy();
  });

  it('says the original was recalled, with nothing of it left to tap', () => {
    renderReply(quote({ snippet: '', recalled: true }));
    expect(screen.getByText('The quoted message was recalled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ben/ })).toBeNull();
  });
});
