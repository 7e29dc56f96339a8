import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { installPointerCapture } from '../../components/chat/testSupport';
import { installReact19Render } from '../../lib/ui';
import type { ChatEngine } from '../../store/chat/engine';
import { ChatEngineProvider } from '../../store/chat/hooks';
import { AMY, BEN, createWorld, deliver, onlineEngine, sendAs } from '../../store/chat/testing/harness';
import { renderScreen, stubNav } from '../../test/render';
import { ChatWindowScreen } from './ChatWindowScreen';

const WEB_VIEW = '/pages/web-view/index';
const user = userEvent.setup({ pointerEventsCheck: 0 });
let engine: ChatEngine | undefined;

beforeAll(() => {
  installReact19Render();
  installPointerCapture();
});
afterEach(() => engine?.stop());

/** Amy's chat with Ben, who sent `text`; a navigator that, like the app's, refuses to push a tab page. */
async function chatWith(text: string) {
  const world = createWorld();
  await sendAs(world, BEN, AMY, text);
  engine = await onlineEngine(world);
  deliver(world, engine);
  await engine.idle();
  const nav = stubNav();
  nav.navigateTo.mockImplementation((to: string) =>
    to.startsWith('/wx/tabbar') ? { ok: false, reason: 'tabPage', to } : { ok: true, to, notFound: false },
  );
  renderScreen(
    <ChatEngineProvider engine={engine}>
      <VirtuosoMockContext value={{ viewportHeight: 2000, itemHeight: 60 }}>
        <ChatWindowScreen
          contactInfoUrl="/wx/personInfo/detail"
          chatInfoUrl="/wx/groupInfo/detail"
          downloadUrl="/wx/download/index"
          addFriendDetailUrl="/wx/personInfo/addFriendsDetail"
          webViewUrl={WEB_VIEW}
        />
      </VirtuosoMockContext>
    </ChatEngineProvider>,
    { nav, path: `/wx/chatWindow/index?userId=${BEN}` },
  );
  const log = await screen.findByRole('log', { name: 'Ben' });
  return { nav, link: (name: string) => within(log).findByRole('link', { name }) };
}

describe('a web address in a message', () => {
  it('opens in the web view, and is still the address itself for a new tab', async () => {
    const { nav, link } = await chatWith('Trail map: https://maps.example/trail?day=2 see you');
    const address = await link('https://maps.example/trail?day=2');
    expect(address.getAttribute('href')).toBe('https://maps.example/trail?day=2');
    expect(address.getAttribute('rel')).toBe('noopener noreferrer');
    await user.click(address);
    expect(nav.navigateTo).toHaveBeenCalledWith(
      `${WEB_VIEW}?url=${encodeURIComponent('https://maps.example/trail?day=2')}`,
    );
  });

  it('leaves a Ctrl-click to the browser (a new tab)', async () => {
    const { nav, link } = await chatWith('https://maps.example/trail');
    const notTakenOver = fireEvent.click(await link('https://maps.example/trail'), { ctrlKey: true });
    expect(notTakenOver).toBe(true);
    expect(nav.navigateTo).not.toHaveBeenCalled();
  });

  it("opens one of the app's own pages in the app", async () => {
    const page = `${window.location.origin}/#/wx/groupInfo/scanCodeDetail?code=g7`;
    const { nav, link } = await chatWith(`Join us: ${page}`);
    await user.click(await link(page));
    expect(nav.navigateTo.mock.calls).toEqual([['/wx/groupInfo/scanCodeDetail?code=g7']]);
  });

  it("opens the app's own tab page by switching to it", async () => {
    const tab = `${window.location.origin}/#/wx/tabbar3/index`;
    const { nav, link } = await chatWith(`Look: ${tab}`);
    await user.click(await link(tab));
    expect(nav.switchTab).toHaveBeenCalledWith('/wx/tabbar3/index');
  });

  it("sends an address of the app's site that is none of its pages to the web view (which refuses it)", async () => {
    const status = `${window.location.origin}/healthz`;
    const { nav, link } = await chatWith(`Status: ${status}`);
    await user.click(await link(status));
    expect(nav.navigateTo).toHaveBeenCalledWith(`${WEB_VIEW}?url=${encodeURIComponent(status)}`);
  });
});
