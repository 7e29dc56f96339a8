import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NearbyPerson } from '@paichat/protocol';
import { installReact19Render } from '../../lib/ui';
import { dialogClosed, dialogShowing } from '../../test/dialogs';
import { fakeServer, refusal, type FakeHandlers } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { NearbyScreen } from './NearbyScreen';

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => localStorage.clear());

const HERE = { latitude: 31.2304, longitude: 121.4737 };

/** A browser whose position is HERE, or which refuses (permission denied). */
function browser(allowed = true) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (allowed) ok({ coords: HERE } as GeolocationPosition);
    else fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
  });
  return { getCurrentPosition } as unknown as Geolocation & { getCurrentPosition: typeof getCurrentPosition };
}

const person = (over: Partial<NearbyPerson>): NearbyPerson => ({
  userId: '7',
  nickName: 'Tess',
  portrait: '',
  intro: 'Tea and trails',
  gender: 'female',
  distance: '3km',
  ref: 'nRefTess',
  isFriend: false,
  ...over,
});

const PEOPLE = [
  person({}),
  person({ userId: '8', nickName: 'Uri', intro: '', gender: 'male', distance: '5km', ref: 'nRefUri' }),
];

function open(geolocation = browser(), handlers: FakeHandlers = {}) {
  const expiresAt = Date.now() + 60 * 60_000;
  const server = fakeServer({
    shareLocation: () => ({ expiresAt }),
    listNearby: ({ gender }) => ({
      list: PEOPLE.filter((p) => gender === 'all' || p.gender === gender),
      expiresAt,
    }),
    clearLocation: () => null,
    ...handlers,
  });
  const view = renderScreen(
    <NearbyScreen addFriendDetailUrl="/person" contactInfoUrl="/info" geolocation={geolocation} />,
  );
  return { server, geolocation, ...view };
}

describe('NearbyScreen', () => {
  it('explains what is shared first, asks the browser only on the tap, then lists people by bucket', async () => {
    const { server, geolocation } = open();
    expect(screen.getByRole('heading', { name: 'See people nearby' })).toBeTruthy();
    expect(screen.getByText(/never your exact position/)).toBeTruthy();
    expect(screen.getByText(/shown for 60 minutes/)).toBeTruthy();
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Share my location' }));
    const list = await screen.findByRole('list', { name: 'People Nearby' });
    expect(server.called('shareLocation').map((c) => c.request)).toEqual([HERE]);
    const rows = within(list).getAllByRole('link');
    // (Each row starts with the avatar's initial.)
    expect(rows.map((row) => row.textContent)).toEqual([
      'TTessFemaleTea and trailsWithin 3 km',
      'UUriMaleWithin 5 km',
    ]);
    // A row opens the person's page for a greeting from nearby, with the list's reference.
    expect(rows[0]?.getAttribute('href')).toBe('#/person?userId=7&source=nearby&ref=nRefTess');
    expect(screen.getByText(/^People nearby can see you until \d\d:\d\d\.$/)).toBeTruthy();
    expect(localStorage.getItem('nearbyConsent')).toBe('1');
  });

  it("opens a friend's Info page, not the page for a greeting", async () => {
    localStorage.setItem('nearbyConsent', '1');
    const expiresAt = Date.now() + 60 * 60_000;
    const friend = person({ userId: '9', nickName: 'Vic', ref: 'nRefVic', isFriend: true });
    open(browser(), { listNearby: () => ({ list: [person({}), friend], expiresAt }) });
    const list = await screen.findByRole('list', { name: 'People Nearby' });
    expect(within(list).getByRole('link', { name: /Vic/ }).getAttribute('href')).toBe('#/info?userId=9');
    expect(within(list).getByRole('link', { name: /Tess/ }).getAttribute('href')).toBe(
      '#/person?userId=7&source=nearby&ref=nRefTess',
    );
  });

  it('says the location is not enabled, and how to allow it, when the browser refuses', async () => {
    const { server } = open(browser(false));
    await user.click(screen.getByRole('button', { name: 'Share my location' }));
    expect(await screen.findByRole('heading', { name: 'The location is not enabled' })).toBeTruthy();
    expect(screen.getByText(/allow location for this site in your browser's site settings/)).toBeTruthy();
    expect(server.called('shareLocation')).toEqual([]);
    expect(localStorage.getItem('nearbyConsent')).toBeNull();
    // Retry asks the browser again.
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'The location is not enabled' })).toBeTruthy();
  });

  it('shares at once once agreed, filters by gender, and clears the location after confirming', async () => {
    localStorage.setItem('nearbyConsent', '1');
    const { server } = open();
    const list = await screen.findByRole('list', { name: 'People Nearby' });
    expect(server.called('shareLocation')).toHaveLength(1);
    expect(within(list).getAllByRole('link')).toHaveLength(2);

    const filters = screen.getByRole('group', { name: 'Show' });
    await user.click(within(filters).getByRole('button', { name: 'Male' }));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((row) => row.textContent),
      ).toEqual(['UUriMaleWithin 5 km']),
    );
    expect(within(filters).getByRole('button', { name: 'Male' }).getAttribute('aria-pressed')).toBe('true');
    expect(server.called('listNearby').map((c) => c.request)).toEqual([
      { gender: 'all' },
      { gender: 'male' },
    ]);

    // Cancel keeps it; Clear hides me at once and asks again next time.
    await user.click(screen.getByRole('button', { name: 'Clear my location' }));
    await user.click(
      within(await dialogShowing('Clear your location?')).getByRole('button', { name: 'Cancel' }),
    );
    await dialogClosed('Clear your location?');
    expect(server.called('clearLocation')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Clear my location' }));
    await user.click(
      within(await dialogShowing('Clear your location?')).getByRole('button', { name: 'Clear' }),
    );
    expect(await screen.findByRole('button', { name: 'Share my location' })).toBeTruthy();
    expect(server.called('clearLocation')).toHaveLength(1);
    expect(localStorage.getItem('nearbyConsent')).toBeNull();
  });

  it('says when nobody is near, and goes back to the explanation when the server refuses the place', async () => {
    const empty = open(browser(), { listNearby: () => ({ list: [], expiresAt: Date.now() + 60_000 }) });
    await user.click(screen.getByRole('button', { name: 'Share my location' }));
    expect(await screen.findByRole('heading', { name: 'Nobody nearby right now' })).toBeTruthy();
    empty.unmount();
    localStorage.clear();

    const refused = open(browser(), { shareLocation: () => refusal('locationJump') });
    await user.click(screen.getByRole('button', { name: 'Share my location' }));
    await waitFor(() =>
      expect(refused.server.toast).toHaveBeenCalledWith(
        'Your location changed too fast, please try again later',
        'top',
      ),
    );
    expect(await screen.findByRole('button', { name: 'Share my location' })).toBeTruthy();
    expect(localStorage.getItem('nearbyConsent')).toBeNull();
  });
});
