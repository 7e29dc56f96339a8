import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QRCodeSVG } from 'qrcode.react';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { appLink } from '../../lib/appLink';
import { renderScreen } from '../../test/render';
import { QR_SIZE } from '../../components/QrCard';
import { QrCodeScreen } from './QrCodeScreen';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';

const ADD_FRIEND = '/wx/personInfo/addFriendsDetail';

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => {
  resetRequest();
  vi.restoreAllMocks();
});

/** The modules of a QR code, as its SVG paths draw them. */
const modules = (svg: Element | null) =>
  [...(svg?.querySelectorAll('path') ?? [])].map((p) => p.getAttribute('d'));

describe('QrCodeScreen', () => {
  it("encodes an absolute link to this user's add-friend page, from a QR code, with her reference", async () => {
    fakeServer({ getMyInfo: () => me });
    renderScreen(<QrCodeScreen addFriendUrl={ADD_FRIEND} />);
    const qr = await screen.findByRole('img', { name: 'QR code to add Ada Lovelace as a friend' });

    const expected = `${location.origin}${location.pathname}#${ADD_FRIEND}?userId=42&source=qrcode&ref=cAdaShare`;
    const { container } = render(<QRCodeSVG value={expected} size={QR_SIZE} level="M" marginSize={2} />);
    expect(modules(qr)).toEqual(modules(container.querySelector('svg')));
    const { container: other } = render(
      <QRCodeSVG value={expected.replace('42', '43')} size={QR_SIZE} level="M" marginSize={2} />,
    );
    expect(modules(qr)).not.toEqual(modules(other.querySelector('svg')));
  });

  it('shows the card: photo, name and region', async () => {
    fakeServer({ getMyInfo: () => me });
    renderScreen(<QrCodeScreen addFriendUrl={ADD_FRIEND} />);
    expect(await screen.findByRole('region', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Profile photo of Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('Scan the QR code to add me as a friend')).toBeTruthy();
  });

  it('scanning inside the app only says "Scan QR Code"', async () => {
    fakeServer({ getMyInfo: () => me });
    const user = userEvent.setup();
    renderScreen(<QrCodeScreen addFriendUrl={ADD_FRIEND} />);
    await user.click(await screen.findByRole('button', { name: 'Scan QR Code' }));
    // The button's own text aside, the toast's.
    await waitFor(() => expect(screen.getAllByText('Scan QR Code')).toHaveLength(2));
  });

  it('copies the link, or says to try again', async () => {
    fakeServer({ getMyInfo: () => me });
    // user-event puts a clipboard of its own on navigator.
    const user = userEvent.setup();
    renderScreen(<QrCodeScreen addFriendUrl={ADD_FRIEND} />);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(
      appLink(ADD_FRIEND, { userId: '42', source: 'qrcode', ref: 'cAdaShare' }),
    );
    expect(await screen.findByText('Content copied')).toBeTruthy();

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    // jsdom has no execCommand: the fallback fails too.
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copy failed, please try again')).toBeTruthy();
  });
});

describe('appLink', () => {
  it('is the page origin and path, then the hash route with its query', () => {
    expect(
      appLink(
        ADD_FRIEND,
        { userId: '7', source: 'qrcode' },
        { origin: 'https://chat.example', pathname: '/app/' },
      ),
    ).toBe('https://chat.example/app/#/wx/personInfo/addFriendsDetail?userId=7&source=qrcode');
  });
});
