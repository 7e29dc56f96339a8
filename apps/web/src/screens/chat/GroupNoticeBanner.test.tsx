import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupInfo } from '@paichat/protocol';
import { groupInfoKey } from '../../api/queries/groupInfo';
import { resetRequest } from '../../api/request';
import { renderScreen } from '../../test/render';
import { fakeServer, refusal } from '../../test/fakeServer';
import { groupOf } from '../groups/testGroup';
import { GroupNoticeBanner } from './GroupNoticeBanner';

const withNotice = (notice: string, noticeTime: number): GroupInfo => {
  const info = groupOf('MEMBER');
  return { ...info, group: { ...info.group, notice, noticeTime } };
};

beforeEach(() => {
  resetRequest();
  localStorage.clear();
});
afterEach(() => resetRequest());

describe('GroupNoticeBanner', () => {
  it('shows a notice until closed, and again once it changes', async () => {
    let info = withNotice('Meet at 9', 100);
    fakeServer({ getGroupInfo: ({ id }) => (id === '7' ? info : refusal('groupNotFound', 404)) });
    const user = userEvent.setup();
    const first = renderScreen(<GroupNoticeBanner groupId="7" />);
    const banner = await screen.findByRole('region', { name: 'Group notice' });
    expect(banner.textContent).toContain('Meet at 9');
    await user.click(screen.getByRole('button', { name: 'Close group notice' }));
    expect(screen.queryByRole('region', { name: 'Group notice' })).toBeNull();
    first.unmount();

    // Entering the chat again: the same notice stays closed.
    const second = renderScreen(<GroupNoticeBanner groupId="7" />);
    await waitFor(() => expect(second.client.getQueryData(groupInfoKey('7'))).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Group notice' })).toBeNull();
    second.unmount();

    // An edited notice shows again.
    info = withNotice('Meet at 10 instead', 200);
    renderScreen(<GroupNoticeBanner groupId="7" />);
    expect((await screen.findByRole('region', { name: 'Group notice' })).textContent).toContain(
      'Meet at 10 instead',
    );
  });
});
