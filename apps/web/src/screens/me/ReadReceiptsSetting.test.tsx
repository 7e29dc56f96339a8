import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { ReadReceiptsSetting } from './ReadReceiptsSetting';

beforeAll(() => installReact19Render());

describe('the "Send read receipts" setting', () => {
  it("shows the account's setting and saves a change on the server", async () => {
    let on = true;
    const server = fakeServer({
      getReadReceipts: () => ({ readReceipts: on }),
      setReadReceipts: ({ readReceipts }) => {
        on = readReceipts;
        return { readReceipts };
      },
    });
    renderScreen(<ReadReceiptsSetting />);
    const toggle = screen.getByRole('switch', { name: 'Send read receipts' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(server.called('setReadReceipts').map((call) => call.body)).toEqual([{ readReceipts: false }]);
  });
});
