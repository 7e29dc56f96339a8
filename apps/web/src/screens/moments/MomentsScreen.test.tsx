import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { NoticeType, noticePush, type Moment, type Notices } from '@paichat/protocol';
import { noticesKey } from '../../api/queries/notices';
import { installReact19Render } from '../../lib/ui';
import { PushRouter } from '../../realtime/pushRouter';
import type { SocketStatus } from '../../realtime/SocketClient';
import { watchMomentNotices } from '../../store/momentNotices';
import { reloadFailedOnReconnect } from '../../store/reloadOnReconnect';
import { goOffline } from '../../test/network';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';
import { renderScreen } from '../../test/render';
import { BEN, CY, ME, comment, image, moment } from './testing/momentFixtures';
import { MomentsScreen } from './MomentsScreen';

const urls = {
  postUrl: '/post',
  albumUrl: '/album',
  detailUrl: '/detail',
  messagesUrl: '/messages',
};

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => vi.useRealTimers());

/** The feed over a fake server holding `posts` (newest first), paged by 20 like the real one. */
function feedOf(posts: Moment[], handlers: Parameters<typeof fakeServer>[0] = {}) {
  const byId = new Map(posts.map((post) => [post.momentId, post]));
  const server = fakeServer({
    getMyInfo: () => me,
    getMomentCover: () => ({ cover: '' }),
    getMomentFeed: ({ after, pageSize }) => {
      const start = after
        ? posts.findIndex(
            (post) => post.createTime === after.createdAt && post.momentId === String(after.id),
          ) + 1
        : 0;
      const list = posts.slice(start, start + pageSize).map((post) => byId.get(post.momentId) ?? post);
      const last = list.at(-1);
      const more = start + pageSize < posts.length;
      return { list, next: more && last ? `${last.createTime}_${last.momentId}` : null };
    },
    ...handlers,
  });
  const view = renderScreen(
    <VirtuosoMockContext value={{ viewportHeight: 3000, itemHeight: 100 }}>
      <MomentsScreen {...urls} />
    </VirtuosoMockContext>,
  );
  return { server, ...view, byId };
}

const post = (name: string) => screen.findByRole('article', { name: `Post by ${name}` });

const OFFLINE = "You're offline. This page updates by itself once the network is back.";

/** The app's socket, as far as reloading goes: away, until `open()`. */
function socketAway() {
  let status: SocketStatus = 'reconnecting';
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => ({ status, expiredCode: null }),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    open: () => {
      status = 'open';
      for (const listener of listeners) listener();
    },
  };
}

describe('MomentsScreen', () => {
  it("shows my friends' posts by the name I gave them, with pictures, place, and Delete only on mine", async () => {
    feedOf([
      moment(BEN, {
        text: 'At the lake',
        images: [image(1), image(2), image(3), image(4)],
        location: 'Lake Geneva',
      }),
      moment(ME, { text: 'My own' }),
    ]);
    const bens = await post('Benny');
    expect(within(bens).getByRole('heading', { name: 'Benny' })).toBeTruthy();
    expect(within(bens).getByText('Lake Geneva')).toBeTruthy();
    const pictures = within(bens).getByRole('list', { name: 'Pictures: 4' });
    expect(pictures.getAttribute('data-layout')).toBe('two');
    expect(within(pictures).getByRole('img', { name: 'Picture 1 of 4' }).getAttribute('src')).toBe(
      image(1).thumbUrl,
    );
    expect(within(bens).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(await post('Ada Lovelace')).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('loads the next page as the end comes near, without repeating a post', async () => {
    // A tall window: the whole first page is on screen, so its end is near at once.
    const height = window.innerHeight;
    window.innerHeight = 5000;
    onTestFinished(() => {
      window.innerHeight = height;
    });
    const posts = Array.from({ length: 25 }, (_, i) => moment(BEN, { text: `note ${i}` }));
    const { server } = feedOf(posts);
    await screen.findByText('note 24', {}, { timeout: 3000 });
    expect(server.called('getMomentFeed').map((call) => call.request)).toEqual([
      { pageSize: 20 },
      { after: { createdAt: posts[19]?.createTime, id: Number(posts[19]?.momentId) }, pageSize: 20 },
    ]);
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(await screen.findByText('No more moments')).toBeTruthy();
  });

  it("opening the feed clears the Discover dot of friends' new posts", async () => {
    const { client } = feedOf([moment(BEN)]);
    const notices: Notices = {
      friendApply: { count: 0 },
      topicReply: { count: 2 },
      topicRed: { portrait: '', userId: BEN.userId, nickName: 'Ben' },
    };
    act(() => client.setQueryData(noticesKey, notices));
    await post('Benny');
    await waitFor(() =>
      expect(client.getQueryData<Notices>(noticesKey)?.topicRed).toEqual({
        portrait: '',
        userId: '',
        nickName: '',
      }),
    );
    expect(client.getQueryData<Notices>(noticesKey)?.topicReply.count).toBe(2);
  });

  it('likes, comments and replies, showing what the server answers', async () => {
    const first = moment(BEN, { comments: [comment(CY, 'Nice!')] });
    const { server } = feedOf([first], {
      likeMoment: () => ({ ...first, liked: true, likes: [ME] }),
      commentMoment: ({ text, replyTo }) => ({
        ...first,
        liked: true,
        likes: [ME],
        comments: [...first.comments, comment(ME, text, replyTo ? CY : null)],
      }),
    });
    const card = await post('Benny');
    await user.click(within(card).getByRole('button', { name: 'Like and comment' }));
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    expect(await within(card).findByLabelText('Liked by Ada Lovelace')).toBeTruthy();

    // A tap on Cy's comment answers Cy.
    await user.click(within(card).getByRole('button', { name: 'Cy: Nice!' }));
    const reply = screen.getByRole('textbox', { name: 'Reply to Cy' });
    await user.type(reply, 'Thanks{Enter}');
    expect(await within(card).findByText('Ada Lovelace replied to Cy')).toBeTruthy();
    expect(server.called('commentMoment')[0]?.request).toEqual({
      momentId: first.momentId,
      text: 'Thanks',
      replyTo: first.comments[0]?.commentId,
    });
    expect(screen.queryByRole('textbox', { name: 'Reply to Cy' })).toBeNull();
  });

  it('shows a like and a comment on my post as they come, keeping what I am typing meanwhile', async () => {
    const mine = moment(ME, { text: 'Sunset' });
    const { client, byId } = feedOf([mine, moment(BEN)], {
      getMoment: ({ momentId }) => byId.get(momentId) ?? mine,
    });
    const pushes = new PushRouter();
    onTestFinished(watchMomentNotices(pushes, client));
    const myCard = await post('Ada Lovelace');
    // Meanwhile I am writing a comment on Ben's post.
    const bens = await post('Benny');
    await user.click(within(bens).getByRole('button', { name: 'Like and comment' }));
    await user.click(within(bens).getByRole('button', { name: 'Comment' }));
    const input = screen.getByRole('textbox', { name: 'Comment' });
    await user.type(input, 'Half a thought');

    // Ben likes my post and comments on it: the server tells me which post.
    byId.set(mine.momentId, { ...mine, likes: [BEN], comments: [comment(BEN, 'Gorgeous')] });
    act(() =>
      pushes.dispatch(noticePush(NoticeType.MOMENT_INTERACTION, { count: 2, momentId: mine.momentId }, 1)),
    );
    expect(await within(myCard).findByRole('button', { name: 'Benny: Gorgeous' })).toBeTruthy();
    expect(within(myCard).getByLabelText('Liked by Benny')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe(
      'Half a thought',
    );
  });

  it('offline, says so and keeps the posts it has; back online, the new ones show by themselves', async () => {
    const posts = [moment(BEN, { text: 'At the lake' })];
    feedOf(posts);
    await screen.findByText('At the lake');

    const network = goOffline();
    expect(screen.getByRole('status').textContent).toBe(OFFLINE);
    expect(screen.getByText('At the lake')).toBeTruthy();

    posts.unshift(moment(BEN, { text: 'Back home' }));
    network.back();
    expect(await screen.findByText('Back home')).toBeTruthy();
    expect(screen.queryByText(OFFLINE)).toBeNull();
  });

  it('opened offline, says so rather than failing or loading; the posts show once the network is back', async () => {
    const network = goOffline();
    feedOf([moment(BEN, { text: 'At the lake' })]);
    expect(await screen.findByText(OFFLINE)).toBeTruthy();
    expect(screen.queryByText('Could not load moments')).toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();

    network.back();
    expect(await screen.findByText('At the lake')).toBeTruthy();
  });

  it('a feed that failed while the server was away loads by itself once the socket is back', async () => {
    let away = true;
    const { client } = feedOf([], {
      getMomentFeed: () =>
        away
          ? new Response('down', { status: 502 })
          : { list: [moment(BEN, { text: 'Still here' })], next: null },
    });
    const socket = socketAway();
    onTestFinished(reloadFailedOnReconnect(socket, client));
    expect(await screen.findByText('Could not load moments')).toBeTruthy();

    away = false;
    act(() => socket.open());
    expect(await screen.findByText('Still here')).toBeTruthy();
    expect(screen.queryByText('Could not load moments')).toBeNull();
  });

  it('keeps a comment that failed to send, and refuses an empty one', async () => {
    const first = moment(BEN);
    const { server } = feedOf([first], {
      commentMoment: () => new Response('down', { status: 502 }),
    });
    const card = await post('Benny');
    await user.click(within(card).getByRole('button', { name: 'Like and comment' }));
    await user.click(within(card).getByRole('button', { name: 'Comment' }));
    const input = screen.getByRole('textbox', { name: 'Comment' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please fill in the content')).toBeTruthy();
    expect(server.called('commentMoment')).toHaveLength(0);
    await user.type(input, 'Lovely');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.called('commentMoment')).toHaveLength(1));
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('Lovely');
  });

  it('deletes my post once I confirm', async () => {
    const mine = moment(ME, { text: 'Regrettable' });
    const { server } = feedOf([mine, moment(BEN)], { deleteMoment: () => null });
    const card = await post('Ada Lovelace');
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete this moment?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Regrettable')).toBeNull());
    expect(server.called('deleteMoment')[0]?.request).toEqual({ momentId: mine.momentId });
    expect(screen.getByRole('article', { name: 'Post by Benny' })).toBeTruthy();
  });

  it('keeps the title bar to back, title and camera; the messages open from under the cover, with their unread count', async () => {
    const { client, nav } = feedOf([moment(BEN)]);
    await post('Benny');
    const bar = screen.getByRole('heading', { name: 'Moments' }).closest('header') as HTMLElement;
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Back', 'Post to Moments']);

    const notices: Notices = {
      friendApply: { count: 0 },
      topicReply: { count: 2 },
      topicRed: { portrait: '', userId: '', nickName: '' },
    };
    act(() => client.setQueryData(noticesKey, notices));
    const messages = await screen.findByRole('button', { name: 'Messages', description: '2 new' });
    await user.click(messages);
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/messages');
  });

  it('opens the camera, the interaction list and an author’s album', async () => {
    const { nav } = feedOf([moment(BEN)]);
    const card = await post('Benny');
    await user.click(screen.getByRole('button', { name: 'Post to Moments' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/post');
    await user.click(screen.getByRole('button', { name: 'Messages' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/messages');
    await user.click(within(card).getByRole('button', { name: "Benny's album" }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith(`/album?userId=${BEN.userId}`);
  });
});
