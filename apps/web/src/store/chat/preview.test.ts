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
    ['COLLECTION', { title: 'x' }, '[Favorite]'],
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
