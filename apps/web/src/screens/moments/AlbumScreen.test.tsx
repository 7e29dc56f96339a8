import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { Moment } from '@paichat/protocol';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';
import { renderScreen } from '../../test/render';
import { BEN, ME, image, moment } from './testing/momentFixtures';
import { AlbumScreen } from './AlbumScreen';

const day = (d: number, h: number) => new Date(2026, 10, d, h).getTime();

function album(posts: Moment[], path = '/album') {
  const server = fakeServer({
    getMyInfo: () => me,
    getMomentCover: () => ({ cover: '' }),
    friendInfo: () => ({
      userId: BEN.userId,
      nickName: 'Ben',
      portrait: '',
      chatNo: 'ben_1',
      userType: 'normal',
      gender: 'male',
      intro: '',
      address: { country: '', province: '', city: '' },
      isSelf: false,
      isFriend: true,
      isBlocked: false,
      requestSent: false,
      remark: 'Benny',
      tags: [],
    }),
    getMomentAlbum: () => ({ list: posts, next: null }),
  });
  return {
    server,
    ...renderScreen(
      <VirtuosoMockContext value={{ viewportHeight: 3000, itemHeight: 80 }}>
        <AlbumScreen detailUrl="/detail" postUrl="/post" />
      </VirtuosoMockContext>,
      { path },
    ),
  };
}

describe('AlbumScreen', () => {
  it('lists my posts by day, each day named once, and opens a post', async () => {
    const posts = [
      moment(ME, { text: 'evening', createTime: day(24, 20) }),
      moment(ME, { text: 'morning', createTime: day(24, 8), images: [image(1), image(2)] }),
      moment(ME, { text: 'last week', createTime: day(17, 9) }),
    ];
    const { server, nav } = album(posts);
    expect(await screen.findByRole('heading', { name: 'My Album' })).toBeTruthy();
    await screen.findByText('evening');
    expect(screen.getAllByText('24')).toHaveLength(1);
    expect(screen.getAllByText('17')).toHaveLength(1);
    expect(screen.getByText('Pictures: 2')).toBeTruthy();
    expect(server.called('getMomentAlbum')[0]?.request).toMatchObject({ userId: me.userId });
    await userEvent.click(screen.getByRole('button', { name: /morning/ }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith(`/detail?momentId=${posts[1]?.momentId}`);
    expect(screen.getByRole('button', { name: 'Post to Moments' })).toBeTruthy();
  });

  it("shows a friend's album under the name I gave them, with no cover change or posting", async () => {
    const { server } = album([moment(BEN, { text: 'his news' })], `/album?userId=${BEN.userId}`);
    expect(await screen.findByRole('heading', { name: "Benny's album" })).toBeTruthy();
    await screen.findByText('his news');
    expect(server.called('getMomentAlbum')[0]?.request).toMatchObject({ userId: BEN.userId });
    expect(screen.queryByRole('button', { name: 'Change cover' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post to Moments' })).toBeNull();
  });

  it('says when there is nothing to show', async () => {
    album([]);
    await waitFor(() => expect(screen.getByText('No moments here yet')).toBeTruthy());
  });
});
