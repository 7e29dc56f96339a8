import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installReact19Render } from '../../lib/ui';
import { fakeServer, type FakeHandlers } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { BEN, ME, moment } from './testing/momentFixtures';
import { PostMomentScreen } from './PostMomentScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => sessionStorage.clear());

let uploads = 0;
/** Each upload is stored under a new name, as the server does. */
const stored = () => {
  uploads += 1;
  const name = String(uploads).padStart(32, 'c');
  return {
    url: `/file/${name}.png`,
    thumbUrl: `/file/${name}.thumb.webp`,
    contentType: 'image/png',
    size: 9,
    name: 'p.png',
  };
};
const photo = (n: number) => new File([`png ${n}`], `p${n}.png`, { type: 'image/png' });

function open(handlers: FakeHandlers = {}) {
  const server = fakeServer({
    upload: stored,
    postMoment: (request) => moment(ME, { text: request.text }),
    listFriends: () => ({
      list: [
        {
          userId: BEN.userId,
          nickName: 'Ben',
          portrait: '',
          chatNo: 'ben_1',
          remark: '',
          tags: [],
          userType: 'normal',
          isBlocked: false,
        },
      ],
    }),
    ...handlers,
  });
  return { server, ...renderScreen(<PostMomentScreen />) };
}

const textBox = () => screen.getByRole('textbox', { name: "What's on your mind?" });
const picker = () => screen.getByLabelText('Add pictures or a video');
const postButton = () => screen.getByRole('button', { name: 'Post' });

describe('PostMomentScreen', () => {
  it('uploads the pictures as they are picked, then posts them with the text and returns', async () => {
    const { server, nav } = open();
    expect(postButton().hasAttribute('disabled')).toBe(true);
    await user.type(textBox(), 'Hello world');
    await user.upload(picker(), [photo(1), photo(2)]);
    const tiles = screen.getByRole('list', { name: 'Pictures and video' });
    await waitFor(() => expect(within(tiles).getAllByRole('img')).toHaveLength(2));
    await user.click(postButton());
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    const [sent] = server.called('postMoment');
    const urls = server.called('upload').length;
    expect(urls).toBe(2);
    expect(sent?.request).toMatchObject({ text: 'Hello world', visibility: 'PUBLIC', userIds: [] });
    expect((sent?.request as { images: string[] }).images).toHaveLength(2);
    expect(sessionStorage.getItem('momentDraft')).toBeNull();
  });

  it('takes at most nine pictures and says how many could still be added', async () => {
    const { server } = open();
    await user.upload(picker(), [photo(1), photo(2)]);
    await waitFor(() => expect(server.called('upload')).toHaveLength(2));
    await user.upload(
      picker(),
      Array.from({ length: 10 }, (_, i) => photo(i + 3)),
    );
    expect(
      await screen.findByText('You can send up to 9 images at a time; 7 can still be added'),
    ).toBeTruthy();
    await waitFor(() => expect(server.called('upload')).toHaveLength(9));
    // Nine is full: the add tile is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add pictures or a video' })).toBeNull());
  });

  it('keeps the whole draft when posting fails, even across leaving the page', async () => {
    const { server, nav, unmount } = open({ postMoment: () => new Response('down', { status: 502 }) });
    await user.type(textBox(), 'Important thoughts');
    await user.upload(picker(), [photo(1)]);
    await waitFor(() => expect(server.called('upload')).toHaveLength(1));
    await user.click(postButton());
    await waitFor(() => expect(server.called('postMoment')).toHaveLength(1));
    expect(nav.navigateBack).not.toHaveBeenCalled();
    expect((textBox() as HTMLTextAreaElement).value).toBe('Important thoughts');
    unmount();

    open();
    expect((textBox() as HTMLTextAreaElement).value).toBe('Important thoughts');
    expect(within(screen.getByRole('list', { name: 'Pictures and video' })).getAllByRole('img')).toHaveLength(
      1,
    );
  });

  it('hides a post from the friends chosen', async () => {
    const { server } = open();
    await user.type(textBox(), 'Surprise party');
    await user.click(screen.getByRole('button', { name: /Who can see/ }));
    await user.click(screen.getByRole('radio', { name: /^Don't share/ }));
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done.hasAttribute('disabled')).toBe(true);
    await user.click(await screen.findByRole('checkbox', { name: 'Ben' }));
    await user.click(done);
    expect(screen.getByRole('button', { name: /Who can see.*Don't share · Chosen: 1/ })).toBeTruthy();
    await user.click(postButton());
    await waitFor(() => expect(server.called('postMoment')).toHaveLength(1));
    expect(server.called('postMoment')[0]?.request).toMatchObject({
      visibility: 'EXCLUDE',
      userIds: [BEN.userId],
    });
  });

  it('posts one video, alone', async () => {
    const { server } = open({
      uploadVideo: () => ({
        url: `/file/${'d'.repeat(32)}.mp4`,
        thumbUrl: '',
        contentType: 'video/mp4',
        size: 99,
        name: 'v.mp4',
      }),
    });
    await user.upload(picker(), [new File(['mp4'], 'v.mp4', { type: 'video/mp4' })]);
    await waitFor(() => expect(server.called('uploadVideo')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add pictures or a video' })).toBeNull();
    await user.click(postButton());
    await waitFor(() => expect(server.called('postMoment')).toHaveLength(1));
    expect(server.called('postMoment')[0]?.request).toMatchObject({
      video: `/file/${'d'.repeat(32)}.mp4`,
      images: [],
    });
  });

  it('refuses a video next to pictures', async () => {
    const { server } = open();
    await user.upload(picker(), [photo(1)]);
    await waitFor(() => expect(server.called('upload')).toHaveLength(1));
    await user.upload(picker(), [new File(['mp4'], 'v.mp4', { type: 'video/mp4' })]);
    expect(await screen.findByText('Up to 9 pictures or one video, not both')).toBeTruthy();
    expect(server.called('uploadVideo')).toHaveLength(0);
  });
});
