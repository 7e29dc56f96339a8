import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@paichat/protocol';
import { myInfoKey } from '../../api/queries/myInfo';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { formatRegion } from '../../lib/regions';
import { PersonalInfoScreen, type PersonalInfoLinks } from './PersonalInfoScreen';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';

const links: PersonalInfoLinks = {
  nickName: '/name',
  chatNo: '/chatno',
  qrCode: '/qr',
  gender: '/gender',
  region: '/region',
  bio: '/bio',
  password: '/password',
};

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Choose a profile photo');

describe('PersonalInfoScreen', () => {
  it('shows each field with its value, each opening its editor', async () => {
    fakeServer({ getMyInfo: () => me });
    const user = userEvent.setup();
    const { nav } = renderScreen(<PersonalInfoScreen links={links} />);
    const region = formatRegion(me.address, 'en');
    expect(region).not.toBe('');
    const rows: [name: string, description: string, url: string][] = [
      ['Name', 'Ada Lovelace', '/name'],
      ['Chat ID', 'ada_1815', '/chatno'],
      ['Gender', 'Female', '/gender'],
      ['Region', region, '/region'],
      ['Bio', 'Poetical science', '/bio'],
    ];
    await screen.findByRole('button', { name: 'Name' });
    for (const [name, description, url] of rows) {
      await user.click(screen.getByRole('button', { name, description }));
      expect(nav.navigateTo).toHaveBeenLastCalledWith(url);
    }
    await user.click(screen.getByRole('button', { name: 'My QR Code' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/qr');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/password');
    const avatar = screen.getByRole('button', { name: 'Avatar' });
    expect(within(avatar).getByRole('img', { name: 'Profile photo of Ada Lovelace' })).toBeTruthy();
  });

  it('says "Not set" for what is empty', async () => {
    fakeServer({
      getMyInfo: () => ({
        ...me,
        chatNo: '',
        intro: '',
        address: { country: '', province: '', city: '' },
      }),
    });
    renderScreen(<PersonalInfoScreen links={links} />);
    for (const name of ['Chat ID', 'Region', 'Bio'])
      expect(await screen.findByRole('button', { name, description: 'Not set' })).toBeTruthy();
  });

  it('uploads a chosen photo as an avatar, makes it the portrait, and shows it', async () => {
    const api = fakeServer({
      getMyInfo: () => me,
      upload: () => ({
        url: '/file/new.webp',
        thumbUrl: '',
        contentType: 'image/webp',
        size: 10,
        name: 'me.png',
      }),
      updateMyInfo: (body) => ({ ...me, ...(body as Partial<UserInfo>) }),
    });
    const user = userEvent.setup();
    const { client } = renderScreen(<PersonalInfoScreen links={links} />);
    await screen.findByRole('button', { name: 'Avatar' });
    expect(fileInput().accept).toBe('image/*');

    const click = vi.spyOn(fileInput(), 'click');
    await user.click(screen.getByRole('button', { name: 'Avatar' }));
    expect(click).toHaveBeenCalledOnce();

    await user.upload(fileInput(), photo());
    await waitFor(() => expect(api.called('updateMyInfo')).toHaveLength(1));
    const [upload] = api.called('upload');
    expect(upload?.url).toBe('/file/upload?purpose=avatar');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(api.called('updateMyInfo')[0]?.body).toEqual({ portrait: '/file/new.webp' });
    expect(client.getQueryData<UserInfo>(myInfoKey)?.portrait).toBe('/file/new.webp');
    const img = await screen.findByRole('img', { name: 'Profile photo of Ada Lovelace' });
    expect(img.getAttribute('src')).toBe('/file/new.webp');
  });

  it('says the upload failed, and keeps the old photo', async () => {
    const api = fakeServer({ getMyInfo: () => me });
    api.fetch.mockImplementation(async (url: string) => {
      if (url.startsWith('/file/upload')) throw new TypeError('offline');
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: me }));
    });
    const user = userEvent.setup();
    const { client } = renderScreen(<PersonalInfoScreen links={links} />);
    await screen.findByRole('button', { name: 'Avatar' });
    await user.upload(fileInput(), photo());
    expect(await screen.findByText('Upload failed, please check your network')).toBeTruthy();
    expect(client.getQueryData<UserInfo>(myInfoKey)?.portrait).toBe('');
    expect(screen.getByRole('button', { name: 'Avatar' }).getAttribute('aria-busy')).toBeNull();
  });
});
