import { describe, expect, it, vi } from 'vitest';
import { NoticeType, noticePush, type MsgPush } from '@paichat/protocol';
import { PushRouter } from './pushRouter';

const apply = noticePush(NoticeType.FRIEND_APPLY, { count: 2, userId: '9', nickName: 'Dora' }, 1);
const profile = noticePush(NoticeType.PROFILE_CHANGED, {}, 1);

describe('PushRouter', () => {
  it('hands each notice only to the handlers of its type, with its content', () => {
    const router = new PushRouter();
    const applies = vi.fn();
    const profiles = vi.fn();
    const messages = vi.fn();
    router.on(NoticeType.FRIEND_APPLY, applies);
    router.on(NoticeType.PROFILE_CHANGED, profiles);
    router.onMessage(messages);

    router.dispatch(apply);
    expect(applies).toHaveBeenCalledExactlyOnceWith({ count: 2, userId: '9', nickName: 'Dora' });
    expect(profiles).not.toHaveBeenCalled();
    expect(messages).not.toHaveBeenCalled();
  });

  it('hands messages to the message handlers', () => {
    const router = new PushRouter();
    const messages = vi.fn();
    router.onMessage(messages);
    const push = { pushType: 'MSG', chatId: '1', seq: 1 } as MsgPush;
    router.dispatch(push);
    expect(messages).toHaveBeenCalledExactlyOnceWith(push);
  });

  it('stops handing pushes to a handler once it unsubscribes', () => {
    const router = new PushRouter();
    const profiles = vi.fn();
    const off = router.on(NoticeType.PROFILE_CHANGED, profiles);
    router.dispatch(profile);
    off();
    router.dispatch(profile);
    expect(profiles).toHaveBeenCalledOnce();
  });

  it('reports a handler that throws and still runs the others', () => {
    const report = vi.fn();
    const router = new PushRouter(report);
    const after = vi.fn();
    router.on(NoticeType.PROFILE_CHANGED, () => {
      throw new Error('bug');
    });
    router.on(NoticeType.PROFILE_CHANGED, after);
    router.dispatch(profile);
    expect(report).toHaveBeenCalledWith(new Error('bug'));
    expect(after).toHaveBeenCalledOnce();
  });
});
