import { describe, expect, it } from 'vitest';
import { appLink, appRouteOf } from './appLink';

const app = { origin: 'https://chat.example', pathname: '/' };

describe('appRouteOf', () => {
  it('reads the route of a link to this app, as appLink makes them', () => {
    const link = appLink('/wx/groupInfo/scanCodeDetail', { code: 'a b' }, app);
    expect(appRouteOf(link, app)).toBe('/wx/groupInfo/scanCodeDetail?code=a+b');
    expect(appRouteOf('https://chat.example/#/wx/tabbar3/index', app)).toBe('/wx/tabbar3/index');
  });

  it('takes nothing else for the app: another site, port, scheme or path, no route, no address', () => {
    for (const href of [
      'https://chat.example.evil/#/wx/tabbar1/index',
      'https://chat.example:8443/#/wx/tabbar1/index',
      'http://chat.example/#/wx/tabbar1/index',
      'https://chat.example/healthz#/wx/tabbar1/index',
      'https://chat.example/',
      'https://chat.example/#top',
      '/#/wx/tabbar1/index',
      'not a link',
    ])
      expect(appRouteOf(href, app), href).toBeNull();
  });
});
