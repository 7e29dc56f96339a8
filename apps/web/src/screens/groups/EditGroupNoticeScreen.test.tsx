import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupRole } from '@paichat/protocol';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { fakeServer } from '../../test/fakeServer';
import { dialogClosed, dialogShowing } from '../../test/dialogs';
import { EditGroupNoticeScreen } from './EditGroupNoticeScreen';
import { groupOf } from './testGroup';

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

// antd-mobile's dialog keeps pointer-events off while it animates in.
const user = userEvent.setup({ pointerEventsCheck: 0 });

function renderAs(role: GroupRole) {
  const api = fakeServer({
    getGroupInfo: () => groupOf(role),
    setGroupNotice: ({ notice }) => {
      const info = groupOf(role);
      return { ...info, group: { ...info.group, notice, noticeTime: 5 } };
    },
  });
  return { api, ...renderScreen(<EditGroupNoticeScreen />, { path: '/?groupId=7' }) };
}

/** The owner taps Edit, writes a notice, and taps Back without Done. */
async function writeThenBack() {
  const rendered = renderAs('OWNER');
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  await user.type(screen.getByRole('textbox', { name: 'Group notice' }), 'Meet at 9');
  await user.click(screen.getByRole('button', { name: 'Back' }));
  return { ...rendered, dialog: await dialogShowing('Save changes?') };
}

describe('EditGroupNoticeScreen, leaving an edited notice', () => {
  it('asks Save changes?; Save posts the notice, then goes back', async () => {
    const { api, nav, dialog } = await writeThenBack();
    expect(nav.navigateBack).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('setGroupNotice').map((c) => c.body)).toEqual([{ groupId: '7', notice: 'Meet at 9' }]);
    await dialogClosed('Save changes?');
  });

  it("asks Save changes?; Don't save goes back and posts nothing", async () => {
    const { api, nav, dialog } = await writeThenBack();
    await user.click(within(dialog).getByRole('button', { name: "Don't save" }));
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('setGroupNotice')).toHaveLength(0);
    await dialogClosed('Save changes?');
  });

  it('does not ask a member, who only reads it', async () => {
    const { nav } = renderAs('MEMBER');
    await screen.findByText('No group notice yet');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(nav.navigateBack).toHaveBeenCalledOnce();
    expect(screen.queryByText('Save changes?')).toBeNull();
  });
});
