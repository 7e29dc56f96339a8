import { describe, expect, it } from 'vitest';
import { getChatMessages, getChatSessions, markRead, sendMsg, syncMessages } from './chats';
import { FILE_URL_PATTERN, MsgType, OutgoingMessage, parseContent, SendMsgRequest } from './messages';
import { ServerPush } from './notices';
import { MsgPush } from './socket';

const URL = '/file/0123456789abcdef0123456789abcdef.png';

describe('messages contract', () => {
  it('keeps only what a client may decide in a send: forged ids, seqs and senders are dropped', () => {
    expect(
      SendMsgRequest.parse({
        userId: '7',
        msgType: 'TEXT',
        content: { text: ' hi ', fromId: '1' },
        clientMsgId: 'local_1',
        fromId: '1',
        msgId: '99',
        seq: 3,
        chatId: '5',
        createTime: 1,
      }),
    ).toEqual({ userId: '7', msgType: 'TEXT', content: { text: 'hi' }, clientMsgId: 'local_1' });
    expect(sendMsg.request).toBe(SendMsgRequest);
  });

  it('lets clients send every type but ALERT and the rows message actions write', () => {
    const sendable = Object.values(MsgType).filter(
      (t) => OutgoingMessage.safeParse({ msgType: t, content: {} }).error?.issues[0]?.path[0] !== 'msgType',
    );
    // Notices, recalls, deletions, "Chat history" cards and reactions come from their own endpoints.
    const serverWritten = ['ALERT', 'RECALL', 'RECALLED', 'DELETED', 'HISTORY', 'REACTION'];
    expect(sendable).toEqual(Object.values(MsgType).filter((t) => !serverWritten.includes(t)));
  });

  it('accepts only our own stored-file URLs', () => {
    for (const ok of [URL, '/file/0123456789abcdef0123456789abcdef.thumb.webp'])
      expect(FILE_URL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of [
      'https://example.com/file/0123456789abcdef0123456789abcdef.png',
      '/file/../../etc/passwd',
      `${URL}?x=1`,
      '/file/0123456789ABCDEF0123456789ABCDEF.png',
      '/uploads/0123456789abcdef0123456789abcdef.png',
    ])
      expect(FILE_URL_PATTERN.test(bad), bad).toBe(false);
  });

  it('reads stored content by type, or null when it does not fit', () => {
    expect(parseContent('VOICE', { url: URL, duration: 3 })).toEqual({ url: URL, duration: 3 });
    expect(parseContent('ALERT', { code: 'nowFriends', text: 'x' })).toEqual({
      code: 'nowFriends',
      text: 'x',
      params: {},
    });
    expect(parseContent('TEXT', { url: URL })).toBeNull();
  });

  it('defaults the list sizes of spec 9 and wants a chat named', () => {
    expect(getChatSessions.request.parse({})).toEqual({ pageNum: 1, pageSize: 100 });
    expect(getChatMessages.request.parse({ chatId: '3' })).toEqual({
      chatId: '3',
      chatType: 'SINGLE',
      pageNum: 1,
      pageSize: 20,
    });
    expect(getChatMessages.request.safeParse({ pageNum: 1 }).error?.issues[0]).toMatchObject({
      path: ['chatId'],
      message: 'chatId is required',
    });
    expect(syncMessages.request.parse({ userId: '4' })).toEqual({ userId: '4', afterSeq: 0, limit: 200 });
    expect(markRead.request.safeParse({ chatId: '3', readSeq: -1 }).success).toBe(false);
  });

  it('parses a MSG push with the server message inside', () => {
    const push = {
      pushType: 'MSG',
      msgId: '10',
      chatId: '3',
      chatType: 'SINGLE',
      seq: 2,
      clientMsgId: 'local_1',
      msgContent: {
        msgId: '10',
        chatId: '3',
        seq: 2,
        clientMsgId: 'local_1',
        fromId: '1',
        toId: '2',
        msgType: 'TEXT',
        talkType: 'SINGLE',
        content: { text: 'hi' },
        createTime: 1,
        isSelf: false,
        fromNickName: 'A',
        fromPortrait: '',
      },
      fromInfo: { userId: '1', nickName: 'A', portrait: '' },
      chatInfo: { userId: '1', nickName: 'A', portrait: '' },
      createTime: 1,
    };
    expect(MsgPush.parse(push)).toEqual(push);
    expect(ServerPush.safeParse({ ...push, msgContent: { text: 'hi' } }).success).toBe(false);
  });
});
