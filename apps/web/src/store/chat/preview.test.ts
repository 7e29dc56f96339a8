import { describe, expect, it } from 'vitest';
import { noticeText, previewText } from './preview';
import { chatT } from './texts';

describe('previews (English)', () => {
  it.each([
    ['TEXT', { text: '  hello\n  there ' }, 'hello there'],
    ['IMAGE', { url: '/file/x.png' }, '[Image]'],
    ['VOICE', { url: '/file/x.mp3', duration: 3 }, '[Voice]'],
    ['VIDEO', { url: '/file/x.mp4' }, '[Video]'],
    ['LOCATION', { name: 'Cafe', latitude: 1, longitude: 2 }, '[Location] Cafe'],
    ['CARD', { userId: '3', nickName: 'Chen' }, '[Contact Card] Chen'],
    ['COLLECTION', { kind: 'IMAGE', content: { url: '/file/a.png' } }, '[Favorite]'],
    ['COLLECTION', { kind: 'NOTE', content: { text: 'Pack\nthe tent' } }, '[Favorite] Pack the tent'],
    ['COLLECTION', { kind: 'LOCATION', content: { name: 'Pier 7' } }, '[Favorite] Pier 7'],
    ['FILE', { url: '/file/x.pdf', name: 'a.pdf', size: 1 }, '[File] a.pdf'],
    ['TRTC_VOICE_END', { duration: 5 }, '[Voice Call]'],
    ['TRTC_VIDEO_END', { duration: 5 }, '[Video Call]'],
  ])('%s', (msgType, content, expected) => {
    expect(previewText({ msgType, content })).toBe(expected);
  });

  it('cuts long texts', () => {
    expect(previewText({ msgType: 'TEXT', content: { text: 'x'.repeat(300) } })).toHaveLength(101);
  });

  it('localizes server notices by code and falls back to their text', () => {
    expect(previewText({ msgType: 'ALERT', content: { code: 'nowFriends', text: 'whatever' } })).toBe(
      'You are now friends. Start chatting!',
    );
    expect(previewText({ msgType: 'ALERT', content: { code: 'brandNew', text: 'A new notice' } })).toBe(
      'A new notice',
    );
  });

  it.each([
    ['groupCreated', { name: 'Amy', names: 'Ben, Chen' }, 'Amy invited Ben, Chen to the group chat'],
    ['groupInvited', { name: 'Ben', names: 'Dan' }, 'Ben invited Dan to the group chat'],
    ['groupJoined', { name: 'Dan' }, 'Dan joined the group chat by scanning the QR code'],
    ['groupLeft', { name: 'Ben' }, 'Ben left the group chat'],
    ['groupRemoved', { name: 'Amy', names: 'Chen' }, 'Amy removed Chen from the group chat'],
    ['groupRenamed', { name: 'Amy', groupName: 'Trip' }, 'Amy changed the group name to "Trip"'],
    ['groupNotice', { name: 'Amy', notice: 'Meet at 9' }, 'Amy updated the group notice: Meet at 9'],
    ['groupOwner', { name: 'Ben' }, 'Ben is now the group owner'],
    ['groupDismissed', { name: 'Amy' }, 'Amy dismissed the group chat'],
  ])('localizes the group notice %s from its params', (code, params, expected) => {
    expect(noticeText({ content: { code, text: 'English text', params } })).toBe(expected);
  });

  it('localizes group notices in the interface language', () => {
    const t = ((key: string, params?: Record<string, string>) =>
      `${key} ${JSON.stringify(params)}`) as typeof chatT;
    expect(noticeText({ content: { code: 'groupLeft', text: '', params: { name: 'Ben' } } }, t)).toBe(
      'chat.alert.groupLeft {"name":"Ben"}',
    );
  });

  it('previews a group message from someone else as "name: text"', () => {
    expect(previewText({ msgType: 'TEXT', content: { text: 'hi all' }, type: 1, sender: 'Ben' })).toBe(
      'Ben: hi all',
    );
    expect(previewText({ msgType: 'IMAGE', content: {}, type: 1, sender: 'Ben' })).toBe('Ben: [Image]');
  });

  it('reads local notices by key, and notices carrying a server text', () => {
    expect(noticeText({ content: {}, notice: { key: 'chat.sendFailed' } })).toBe(
      'Failed to send, please check network',
    );
    expect(noticeText({ content: { text: 'Server says no' } })).toBe('Server says no');
  });

  it('uses the translate function it is given', () => {
    const t = ((key: string) => `<${key}>`) as typeof chatT;
    expect(previewText({ msgType: 'IMAGE', content: {} }, t)).toBe('<chat.preview.image>');
  });
});
