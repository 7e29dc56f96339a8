import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppDownload } from '@paichat/protocol';
import { keepInstallOffer } from '../../lib/installApp';
import { installReact19Render } from '../../lib/ui';
import { fakeServer } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { DownloadScreen } from './DownloadScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => vi.restoreAllMocks());

const apk: AppDownload = {
  url: 'https://downloads.example.com/paichat.apk',
  size: Math.round(24.5 * 1024 * 1024),
  version: '1.2.2',
  versionCode: 122,
  updatedAt: Date.UTC(2026, 10, 20),
};
const CHROME = 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile';

/** The browser's offer to install the app, as Chromium fires it (its prompt recorded). */
function offerInstall() {
  const offer = Object.assign(new Event('beforeinstallprompt'), { prompt: vi.fn(() => Promise.resolve()) });
  act(() => void window.dispatchEvent(offer));
  return offer;
}

describe('DownloadScreen', () => {
  it('shows the version, size, update day, requirements, a QR code and the languages', async () => {
    fakeServer({ getAppDownload: () => apk });
    renderScreen(<DownloadScreen userAgent={CHROME} />);
    expect(await screen.findByText('Version 1.2.2 (122)')).toBeTruthy();
    expect(screen.getByText('Size: 24.5 MB')).toBeTruthy();
    expect(screen.getByText('Last updated Nov 20, 2026')).toBeTruthy();
    expect(screen.getByText('Android 6.0 or later (API 23)')).toBeTruthy();
    expect(screen.getByText('iOS 12.0 or later, iPadOS 13.0 or later').textContent).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of the download link' })).toBeTruthy();
    for (const name of ['English', '简体中文', 'العربية', 'Tiếng Việt'])
      expect(screen.getByText(name)).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('copies the link', async () => {
    fakeServer({ getAppDownload: () => apk });
    renderScreen(<DownloadScreen userAgent={CHROME} />);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(apk.url);
    expect(await screen.findByText('Content copied')).toBeTruthy();
  });

  it('says copying failed when the clipboard refuses', async () => {
    fakeServer({ getAppDownload: () => apk });
    renderScreen(<DownloadScreen userAgent={CHROME} />);
    const button = await screen.findByRole('button', { name: 'Copy link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(button);
    expect(await screen.findByText('Copy failed, please copy manually')).toBeTruthy();
  });

  it('tells WeChat and Pi Browser users to open an external browser instead of downloading', async () => {
    fakeServer({ getAppDownload: () => apk });
    renderScreen(<DownloadScreen userAgent={`${CHROME} MicroMessenger/8.0.40`} />);
    const tip =
      'WeChat and Pi Browser cannot download apps directly. Open this page in an external browser (⋯ → Open in browser).';
    expect((await screen.findByRole('note')).textContent).toBe(tip);
    await user.click(screen.getByRole('button', { name: 'Download now' }));
    // The tip again, as a toast (findAllBy would settle for the note alone).
    await waitFor(() => expect(screen.getAllByText(tip)).toHaveLength(2));
  });

  it('offers installing the web app where the server has no app: the steps, where the browser has no prompt', async () => {
    fakeServer({ getAppDownload: () => ({ ...apk, url: '' }) });
    onTestFinished(keepInstallOffer());
    renderScreen(<DownloadScreen userAgent={CHROME} />);
    const install = await screen.findByRole('region', { name: 'Use PaiChat as an app' });
    expect(within(install).getByText(/^Add PaiChat to your home screen/)).toBeTruthy();
    expect(
      within(install).getByText(
        "In your browser's menu (⋮) or Share menu, choose “Add to Home screen” or “Install app”.",
      ),
    ).toBeTruthy();
    expect(within(install).queryByRole('button')).toBeNull();
  });

  it("offers the browser's own install prompt when it has one, and says when the app is installed", async () => {
    fakeServer({ getAppDownload: () => ({ ...apk, url: '' }) });
    onTestFinished(keepInstallOffer());
    // Chromium offers it early, on whatever page is open.
    const offer = offerInstall();
    renderScreen(<DownloadScreen userAgent={CHROME} />);
    const install = await screen.findByRole('region', { name: 'Use PaiChat as an app' });
    await user.click(within(install).getByRole('button', { name: 'Add to home screen' }));
    expect(offer.prompt).toHaveBeenCalledOnce();

    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(await within(install).findByText('PaiChat is installed on this device.')).toBeTruthy();
    expect(within(install).queryByRole('button')).toBeNull();
  });

  it('offers no web app install where a download is offered, nor in WeChat', async () => {
    fakeServer({ getAppDownload: () => apk });
    onTestFinished(keepInstallOffer());
    offerInstall();
    const first = renderScreen(<DownloadScreen userAgent={CHROME} />);
    expect(await screen.findByRole('button', { name: 'Download now' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Use PaiChat as an app' })).toBeNull();
    first.unmount();

    fakeServer({ getAppDownload: () => ({ ...apk, url: '' }) });
    renderScreen(<DownloadScreen userAgent={`${CHROME} MicroMessenger/8.0.40`} />);
    expect(await screen.findByText('This server does not offer the app download yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Use PaiChat as an app' })).toBeNull();
  });

  it('says so when the server offers no download, and that a download failed when the details did not load', async () => {
    fakeServer({ getAppDownload: () => ({ ...apk, url: '' }) });
    const { unmount } = renderScreen(<DownloadScreen userAgent={CHROME} />);
    expect(await screen.findByText('This server does not offer the app download yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download now' })).toBeNull();
    unmount();

    fakeServer({ getAppDownload: () => new Response('down', { status: 502 }) });
    renderScreen(<DownloadScreen userAgent={CHROME} />);
    expect(await screen.findByText(/Could not load the download details/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download now' }));
    expect(await screen.findByText('Download failed')).toBeTruthy();
  });
});
