import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NoticeType, noticePush } from '@paichat/protocol';
import { installReact19Render } from '../../lib/ui';
import { PushRouter } from '../../realtime/pushRouter';
import { watchMomentNotices } from '../../store/momentNotices';
import { resetRequest } from '../../api/request';
import { fakeServer, refusal } from '../../test/fakeServer';
import { timingOut } from '../../test/connection';
import { me } from '../../test/people';
import { renderScreen } from '../../test/render';
import { BEN, ME, comment, moment } from './testing/momentFixtures';
import { MomentDetailScreen } from './MomentDetailScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => resetRequest());

describe('MomentDetailScreen', () => {
  it('shows the whole text, unfolded, and goes back once my post is deleted', async () => {
    const long = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const mine = moment(ME, { text: long });
    fakeServer({ getMyInfo: () => me, getMoment: () => mine, deleteMoment: () => null });
    const { nav } = renderScreen(<MomentDetailScreen albumUrl="/album" />, {
      path: `/detail?momentId=${mine.momentId}`,
    });
    const card = await screen.findByRole('article', { name: 'Post by Ada Lovelace' });
    expect(within(card).queryByRole('button', { name: 'Full text' })).toBeNull();
    expect(card.textContent).toContain('line 19');
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
  });

  it('shows a new comment on my post as it comes', async () => {
    const mine = moment(ME, { text: 'Sunset' });
    let current = mine;
    fakeServer({ getMyInfo: () => me, getMoment: () => current });
    const { client } = renderScreen(<MomentDetailScreen albumUrl="/album" />, {
      path: `/detail?momentId=${mine.momentId}`,
    });
    const pushes = new PushRouter();
    onTestFinished(watchMomentNotices(pushes, client));
    const card = await screen.findByRole('article', { name: 'Post by Ada Lovelace' });

    current = { ...mine, comments: [comment(BEN, 'Gorgeous')] };
    act(() =>
      pushes.dispatch(noticePush(NoticeType.MOMENT_INTERACTION, { count: 1, momentId: mine.momentId }, 1)),
    );
    expect(await within(card).findByRole('button', { name: 'Benny: Gorgeous' })).toBeTruthy();
  });

  it('says so when the post is gone or no longer mine to see', async () => {
    fakeServer({ getMyInfo: () => me, getMoment: () => refusal('momentNotFound') });
    renderScreen(<MomentDetailScreen albumUrl="/album" />, { path: '/detail?momentId=99' });
    expect(await screen.findByText('This moment does not exist or has been deleted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('Click the screen to try again')).toBeNull();
  });

  it('says "Click the screen to try again" when the connection times out; a tap anywhere loads it', async () => {
    const post = moment(ME, { text: 'At the lake' });
    const server = fakeServer({ getMyInfo: () => me, getMoment: () => post });
    const connection = timingOut(server, '/moments/');
    renderScreen(<MomentDetailScreen albumUrl="/album" />, { path: `/detail?momentId=${post.momentId}` });
    const area = await screen.findByRole('button', { name: /Click the screen to try again/ });
    expect(area.textContent).toContain('Please check your network');
    expect(screen.queryByText('This moment does not exist or has been deleted')).toBeNull();

    connection.restore();
    await user.click(area);
    expect(await screen.findByRole('article', { name: 'Post by Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByText('Click the screen to try again')).toBeNull();
  });
});
