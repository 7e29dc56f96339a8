import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { configureRequest, resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { chatMessage as message, installPointerCapture } from '../../components/chat/testSupport';
import { fakeServer } from '../../test/fakeServer';
import { envelope, renderScreen } from '../../test/render';
import type { ChatWindowState } from '../../store/chat/types';
import { ChatWindowView } from './ChatWindowView';

const { uploadFile, probeVideo } = vi.hoisted(() => ({ uploadFile: vi.fn(), probeVideo: vi.fn() }));
vi.mock('../../api/upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/upload')>()),
  uploadFile,
}));
// jsdom decodes no video: what the browser would read from the file is given here.
vi.mock('../../lib/videoProbe', () => ({ probeVideo }));

vi.mock('react-virtuoso', () => import('../../components/chat/testSupport').then((m) => m.virtuosoFromTop()));

const user = userEvent.setup({ pointerEventsCheck: 0 });
const FILE = '/file/0123456789abcdef0123456789abcdef';

function commands() {
  return {
    send: vi.fn(() => Promise.resolve()),
    retry: vi.fn(() => Promise.resolve()),
    loadOlder: vi.fn(() => Promise.resolve()),
  };
}

function renderWindow(state: Partial<ChatWindowState> = {}, cmds = commands()) {
  const full: ChatWindowState = { messages: [], hasOlder: false, loadingOlder: false, ...state };
  const wrap = (ui: ReactNode) => (
    <VirtuosoMockContext value={{ viewportHeight: 2000, itemHeight: 60 }}>{ui}</VirtuosoMockContext>
  );
  const result = renderScreen(
    wrap(
      <ChatWindowView
        chatId="c1"
        title="Amy"
        state={full}
        commands={cmds}
        onBack={vi.fn()}
        onInfo={vi.fn()}
      />,
    ),
  );
  return { ...result, cmds };
}

async function openMenu() {
  await user.click(screen.getByRole('button', { name: 'More' }));
  return screen.getByRole('region', { name: 'More' });
}

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
beforeEach(() => {
  sessionStorage.clear();
  uploadFile.mockReset();
  probeVideo.mockReset();
});
afterEach(() => resetRequest());

describe('ChatWindowView', () => {
  it('shows the messages in a log named by the chat, own and received', () => {
    renderWindow({
      messages: [
        message({ id: '1', content: { text: 'Hello from Amy' } }),
        message({ id: '2', type: 2, content: { text: 'Hi Amy' }, nickName: 'Ben' }),
      ],
    });
    const log = screen.getByRole('log', { name: 'Amy' });
    expect(within(log).getByText('Hello from Amy')).toBeTruthy();
    expect(within(log).getByText('Hi Amy')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Amy' })).toBeTruthy();
  });

  it('opens a tapped picture full screen among all the chat’s pictures, at the tapped one', async () => {
    const stored = (n: number) => `/file/${String(n).repeat(32)}`;
    const picture = (n: number) => ({ url: `${stored(n)}.jpg`, thumbUrl: `${stored(n)}.thumb.jpg` });
    renderWindow({
      messages: [
        message({ id: 'p1', msgType: 'IMAGE', content: picture(1) }),
        message({ id: 't1', content: { text: 'between' } }),
        message({ id: 'p2', msgType: 'IMAGE', content: picture(2), type: 2 }),
        message({ id: 'p3', msgType: 'IMAGE', content: picture(3) }),
      ],
    });
    const thumbs = screen.getAllByRole('img', { name: 'Image' });
    expect(thumbs).toHaveLength(3);
    await user.click(thumbs[1] as HTMLElement);
    const viewer = await screen.findByRole('dialog', { name: 'Image' });
    // Full size, all three in the chat's order, the tapped one shown.
    const full = [...document.querySelectorAll('.adm-image-viewer-slide img')].map((img) =>
      img.getAttribute('src'),
    );
    expect(full).toEqual([`${stored(1)}.jpg`, `${stored(2)}.jpg`, `${stored(3)}.jpg`]);
    expect(document.querySelector('.adm-image-viewer-indicator')?.textContent).toBe('2 / 3');
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Image' })).toBeNull();
    await waitFor(() => expect(document.querySelector('.adm-image-viewer-slides')).toBeNull());
  });

  it('puts a time separator between messages more than five minutes apart', () => {
    const base = new Date();
    base.setHours(9, 0, 0, 0);
    renderWindow({
      messages: [
        message({ id: '1', createTime: base.getTime(), content: { text: 'a' } }),
        message({ id: '2', createTime: base.getTime() + 4 * 60_000, content: { text: 'b' } }),
        message({ id: '3', createTime: base.getTime() + 10 * 60_000, content: { text: 'c' } }),
      ],
    });
    expect(screen.getByText('09:00')).toBeTruthy();
    expect(screen.queryByText('09:04')).toBeNull();
    expect(screen.getByText('09:10')).toBeTruthy();
  });

  it('sends text through the engine', async () => {
    const { cmds } = renderWindow();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(cmds.send).toHaveBeenCalledWith('c1', 'TEXT', { text: 'Hello' });
  });

  it('resends a failed message with its client id', async () => {
    const { cmds } = renderWindow({
      messages: [message({ id: 'local_9', clientMsgId: 'local_9', type: 2, sendtype: 'error' })],
    });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(cmds.retry).toHaveBeenCalledWith('c1', 'local_9');
  });

  it('offers every attachment of the spec', async () => {
    renderWindow();
    const menu = await openMenu();
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Album',
      'Camera',
      'Location',
      'Voice input',
      'Contact card',
      'Favorites',
      'Voice call',
      'Video call',
      'File',
    ]);
    expect(screen.getByRole('button', { name: 'More' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('says calls are only available on mobile and files are not implemented', async () => {
    renderWindow();
    await user.click(within(await openMenu()).getByRole('button', { name: 'Voice call' }));
    expect(await screen.findByText('Only available on mobile')).toBeTruthy();
    await user.click(
      within(screen.getByRole('region', { name: 'More' })).getByRole('button', { name: 'File' }),
    );
    expect(await screen.findByText('File function not yet implemented')).toBeTruthy();
  });

  it('switches to hold-to-talk from Voice input', async () => {
    renderWindow();
    await user.click(within(await openMenu()).getByRole('button', { name: 'Voice input' }));
    expect(screen.getByRole('button', { name: 'Hold to talk' })).toBeTruthy();
  });

  it('requires a name for a location, then sends it with the position', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 48.8584, longitude: 2.2945 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { cmds } = renderWindow();
    await user.click(within(await openMenu()).getByRole('button', { name: 'Location' }));
    const sheet = await screen.findByRole('dialog', { name: 'Share location' });
    await user.click(within(sheet).getByRole('button', { name: 'Send location' }));
    expect(await within(sheet).findByText('Please select a location')).toBeTruthy();
    expect(cmds.send).not.toHaveBeenCalled();
    await user.type(within(sheet).getByRole('textbox', { name: 'Location name' }), 'Eiffel Tower');
    await user.click(within(sheet).getByRole('button', { name: 'Send location' }));
    expect(cmds.send).toHaveBeenCalledWith('c1', 'LOCATION', {
      name: 'Eiffel Tower',
      address: '',
      latitude: 48.8584,
      longitude: 2.2945,
    });
    vi.unstubAllGlobals();
  });

  it('says the location is not enabled when the position is refused', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    renderWindow();
    await user.click(within(await openMenu()).getByRole('button', { name: 'Location' }));
    expect(await screen.findByText('The location is not enabled')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('says when there are no favorites yet', async () => {
    fakeServer({ listFavorites: () => ({ list: [], next: null }) });
    renderWindow();
    await user.click(within(await openMenu()).getByRole('button', { name: 'Favorites' }));
    const sheet = await screen.findByRole('dialog', { name: 'Favorites' });
    expect(await within(sheet).findByText('No favorites yet')).toBeTruthy();
  });

  it('sends a favorite picked from my Favorites as a COLLECTION naming it', async () => {
    const note = { kind: 'NOTE' as const, content: { text: 'Pack the tent' }, sourceName: '', sourceTime: 1 };
    fakeServer({
      listFavorites: () => ({ list: [{ ...note, favoriteId: '64', createdAt: 2 }], next: null }),
    });
    const { cmds } = renderWindow();
    await user.click(within(await openMenu()).getByRole('button', { name: 'Favorites' }));
    const sheet = await screen.findByRole('dialog', { name: 'Favorites' });
    await user.click(await within(sheet).findByRole('button', { name: /Pack the tent/ }));
    expect(cmds.send).toHaveBeenCalledWith('c1', 'COLLECTION', { favoriteId: '64' });
  });

  it('sends a friend’s contact card picked from the friend list', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        envelope({
          list: [
            {
              userId: '77',
              nickName: 'Zoe',
              remark: '',
              portrait: '',
              userType: 'user',
              chatNo: 'zoe',
              tags: [],
            },
          ],
        }),
      ),
    );
    configureRequest({ fetch, toast: vi.fn() });
    const { cmds } = renderWindow();
    await user.click(within(await openMenu()).getByRole('button', { name: 'Contact card' }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose a contact' });
    await user.click(await within(sheet).findByRole('button', { name: 'Zoe' }));
    expect(cmds.send).toHaveBeenCalledWith('c1', 'CARD', { userId: '77' });
  });

  it('uploads album pictures one by one and sends each as an image with its size', async () => {
    uploadFile.mockImplementation((file: File) =>
      Promise.resolve({
        url: `${FILE}.${file.name.slice(-3)}`,
        thumbUrl: '',
        contentType: 'image/png',
        size: 10,
        name: file.name,
        width: 640,
        height: 480,
      }),
    );
    const { cmds } = renderWindow();
    await openMenu();
    const files = [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.jpg', { type: 'image/jpeg' }),
    ];
    await user.upload(screen.getByTestId('album-input'), files);
    await waitFor(() => expect(cmds.send).toHaveBeenCalledTimes(2));
    expect(cmds.send).toHaveBeenNthCalledWith(1, 'c1', 'IMAGE', {
      url: `${FILE}.png`,
      width: 640,
      height: 480,
    });
    expect(cmds.send).toHaveBeenNthCalledWith(2, 'c1', 'IMAGE', {
      url: `${FILE}.jpg`,
      width: 640,
      height: 480,
    });
  });

  it('sends at most nine pictures at once and says so', async () => {
    uploadFile.mockResolvedValue({
      url: `${FILE}.png`,
      thumbUrl: '',
      contentType: 'image/png',
      size: 1,
      name: 'x.png',
    });
    const { cmds } = renderWindow();
    await openMenu();
    const files = Array.from({ length: 11 }, (_, i) => new File(['x'], `${i}.png`, { type: 'image/png' }));
    await user.upload(screen.getByTestId('album-input'), files);
    expect(
      await screen.findByText('You can send up to 9 images at a time; 9 can still be added'),
    ).toBeTruthy();
    await waitFor(() => expect(cmds.send).toHaveBeenCalledTimes(9));
    expect(uploadFile).toHaveBeenCalledTimes(9);
  });

  it('counts the pictures still being sent against the limit of the next pick', async () => {
    const waiting: Array<() => void> = [];
    uploadFile.mockImplementation(
      () =>
        new Promise((resolve) =>
          waiting.push(() =>
            resolve({ url: `${FILE}.png`, thumbUrl: '', contentType: 'image/png', size: 1, name: 'x.png' }),
          ),
        ),
    );
    const { cmds } = renderWindow();
    const pick = async (count: number) => {
      await openMenu();
      const files = Array.from(
        { length: count },
        (_, i) => new File(['x'], `${i}.png`, { type: 'image/png' }),
      );
      await user.upload(screen.getByTestId('album-input'), files);
    };
    // Five on their way (the first is uploading), then six more: only four fit.
    await pick(5);
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    await pick(6);
    expect(
      await screen.findByText('You can send up to 9 images at a time; 4 can still be added'),
    ).toBeTruthy();
    await waitFor(() => {
      waiting.splice(0).forEach((done) => done());
      expect(cmds.send).toHaveBeenCalledTimes(9);
    });
    expect(uploadFile).toHaveBeenCalledTimes(9);
  });

  it('says the upload failed and sends nothing when the network fails', async () => {
    uploadFile.mockRejectedValue(new TypeError('offline'));
    const { cmds } = renderWindow();
    await openMenu();
    await user.upload(screen.getByTestId('camera-input'), new File(['a'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByText('Upload failed, please check your network')).toBeTruthy();
    expect(cmds.send).not.toHaveBeenCalled();
  });

  describe('videos from the album and camera', () => {
    const poster = new Blob(['jpeg'], { type: 'image/jpeg' });
    const clip = (name = 'clip.webm', type = 'video/webm', bytes = 64) =>
      new File([new Uint8Array(bytes)], name, { type });
    const stored = (url: string, contentType: string) => ({
      url,
      thumbUrl: '',
      contentType,
      size: 1,
      name: 'x',
    });

    // jsdom has no object URLs; the pending bubble shows the poster through one.
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    beforeEach(() => {
      Object.assign(URL, { createObjectURL: () => 'blob:poster', revokeObjectURL: () => {} });
    });
    afterEach(() => {
      Object.assign(URL, objectUrls);
    });

    it('refuses a video longer than a minute, says so and sends nothing', async () => {
      probeVideo.mockResolvedValue({ duration: 61.2, poster });
      const { cmds } = renderWindow();
      await openMenu();
      await user.upload(screen.getByTestId('album-input'), clip());
      expect(await screen.findByText('Videos can be at most 60 seconds long')).toBeTruthy();
      expect(uploadFile).not.toHaveBeenCalled();
      expect(cmds.send).not.toHaveBeenCalled();
    });

    it('refuses a video this browser cannot play, and one over the server’s limit before uploading', async () => {
      probeVideo.mockResolvedValue(null);
      const server = fakeServer({
        getUploadLimits: () => ({ uploadMaxBytes: 1024, videoMaxBytes: 1_572_864 }),
      });
      const { cmds, client } = renderWindow();
      await waitFor(() => expect(client.getQueryData(['file', 'limits'])).toBeDefined());
      expect(server.called('getUploadLimits')).toHaveLength(1);
      await openMenu();
      await user.upload(screen.getByTestId('album-input'), clip());
      expect(await screen.findByText('This video cannot be played')).toBeTruthy();
      await openMenu();
      await user.upload(screen.getByTestId('camera-input'), clip('big.mp4', 'video/mp4', 1_572_865));
      expect(await screen.findByText('Videos can be at most 1.5 MB')).toBeTruthy();
      expect(probeVideo).toHaveBeenCalledTimes(1);
      expect(uploadFile).not.toHaveBeenCalled();
      expect(cmds.send).not.toHaveBeenCalled();
    });

    it('uploads the poster and the video, showing the progress on a pending bubble, then sends VIDEO', async () => {
      probeVideo.mockResolvedValue({ duration: 12.4, poster });
      let progress: (fraction: number) => void = () => {};
      let finish: () => void = () => {};
      uploadFile.mockImplementation(
        (file: File, options?: { video?: boolean; onProgress?: typeof progress }) => {
          if (!options?.video) return Promise.resolve(stored(`${FILE}.jpg`, 'image/jpeg'));
          progress = options.onProgress ?? progress;
          return new Promise((resolve) => {
            finish = () => resolve(stored(`${FILE}.webm`, 'video/webm'));
          });
        },
      );
      const { cmds } = renderWindow();
      await openMenu();
      await user.upload(screen.getByTestId('album-input'), clip());

      const bar = await screen.findByRole('progressbar', { name: 'Uploading video' });
      expect(bar.getAttribute('aria-valuenow')).toBe('0');
      progress(0.42);
      await waitFor(() => expect(bar.textContent).toBe('42%'));
      expect(bar.getAttribute('aria-valuenow')).toBe('42');
      expect(cmds.send).not.toHaveBeenCalled();

      finish();
      await waitFor(() => expect(cmds.send).toHaveBeenCalledOnce());
      expect(cmds.send).toHaveBeenCalledWith('c1', 'VIDEO', {
        url: `${FILE}.webm`,
        duration: 12,
        thumbUrl: `${FILE}.jpg`,
      });
      expect(uploadFile.mock.calls[0]?.[0]).toMatchObject({ type: 'image/jpeg' });
      await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    });
  });
});
