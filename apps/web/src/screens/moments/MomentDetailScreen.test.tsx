import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { fakeServer, refusal } from '../../test/fakeServer';
import { me } from '../../test/people';
import { renderScreen } from '../../test/render';
import { ME, moment } from './testing/momentFixtures';
import { MomentDetailScreen } from './MomentDetailScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());

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

  it('says so when the post is gone or no longer mine to see', async () => {
    fakeServer({ getMyInfo: () => me, getMoment: () => refusal('momentNotFound') });
    renderScreen(<MomentDetailScreen albumUrl="/album" />, { path: '/detail?momentId=99' });
    expect(await screen.findByText('This moment does not exist or has been deleted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
