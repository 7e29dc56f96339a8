import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MomentInteraction, Notices } from '@paichat/protocol';
import { noticesKey } from '../../api/queries/notices';
import { installReact19Render } from '../../lib/ui';
import { resetRequest } from '../../api/request';
import { fakeServer } from '../../test/fakeServer';
import { timingOut } from '../../test/connection';
import { renderScreen } from '../../test/render';
import { BEN, NOW } from './testing/momentFixtures';
import { InteractionsScreen } from './InteractionsScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => resetRequest());

const entry = (patch: Partial<MomentInteraction>): MomentInteraction => ({
  interactionId: '1',
  kind: 'LIKE',
  from: { ...BEN, portrait: '' },
  text: '',
  momentId: '77',
  momentThumbUrl: '',
  momentText: 'At the lake',
  createTime: NOW,
  read: false,
  ...patch,
});

describe('InteractionsScreen', () => {
  it('says "Click the screen to try again" when the connection times out; a tap anywhere loads them', async () => {
    const server = fakeServer({ getMomentInteractions: () => ({ list: [entry({})] }) });
    const connection = timingOut(server, '/moments/');
    renderScreen(<InteractionsScreen detailUrl="/detail" />);
    const area = await screen.findByRole('button', { name: /Click the screen to try again/ });
    expect(screen.queryByText('Could not load messages')).toBeNull();

    connection.restore();
    await user.click(area);
    expect(await screen.findByText('liked your moment')).toBeTruthy();
  });

  it('says it could not load them, with Retry, when the server fails rather than the connection', async () => {
    fakeServer({ getMomentInteractions: () => new Response('upstream down', { status: 502 }) });
    renderScreen(<InteractionsScreen detailUrl="/detail" />);
    expect(await screen.findByText('Could not load messages')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('Click the screen to try again')).toBeNull();
  });

  it('lists likes and comments on my posts, reads them, and opens their post', async () => {
    const server = fakeServer({
      getMomentInteractions: () => ({
        list: [entry({ interactionId: '2', kind: 'COMMENT', text: 'Looks cold!' }), entry({})],
      }),
    });
    const { client, nav } = renderScreen(<InteractionsScreen detailUrl="/detail" />);
    const notices: Notices = {
      friendApply: { count: 0 },
      topicReply: { count: 2 },
      topicRed: { portrait: '', userId: '', nickName: '' },
    };
    act(() => client.setQueryData(noticesKey, notices));
    expect(await screen.findByText('Looks cold!')).toBeTruthy();
    expect(screen.getByText('liked your moment')).toBeTruthy();
    expect(screen.getAllByText('Benny')).toHaveLength(2);
    await waitFor(() => expect(client.getQueryData<Notices>(noticesKey)?.topicReply.count).toBe(0));
    await user.click(screen.getByRole('button', { name: /Looks cold!/ }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/detail?momentId=77');
    expect(server.called('getMomentInteractions')).toHaveLength(1);
  });

  it('clears the list only once I confirm', async () => {
    const server = fakeServer({
      getMomentInteractions: () => ({ list: [entry({})] }),
      clearMomentInteractions: () => null,
    });
    renderScreen(<InteractionsScreen detailUrl="/detail" />);
    await screen.findByText('liked your moment');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Clear all messages?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.called('clearMomentInteractions')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('No messages')).toBeTruthy();
    expect(server.called('clearMomentInteractions')).toHaveLength(1);
  });
});
