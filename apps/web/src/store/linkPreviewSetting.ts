/**
 * Settings' "Link previews" switch, on this device: on (the default), a link in a text being
 * written is previewed (its page read by the server, never by this device); off, nothing about
 * the links people write is asked of the server.
 */
const KEY = 'paichat.linkPreviews';

export function linkPreviewsOn(storage: Storage = localStorage): boolean {
  return storage.getItem(KEY) !== 'off';
}

export function setLinkPreviews(on: boolean, storage: Storage = localStorage): void {
  storage.setItem(KEY, on ? 'on' : 'off');
}
