import { CloseCode, type MyInfo, type UserInfo } from '@paichat/protocol';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountWithoutCredentials } from './support/accounts';
import { as } from './support/api';
import { get, post } from './support/http';
import { seed } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { receivedUpToBarrier, TestSocket } from './support/ws';

const dialects = await availableDialects();
const EXPIRED = { code: 401, msg: 'Login expired, please login again', data: null, err: 'unauthorized' };

/** Uploads a small PNG as `token`; answers its URL. */
async function uploadImage(url: string, token: string, query = ''): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png]), 'me.png');
  const response = await fetch(`${url}/file/upload${query}`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const body = (await response.json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(200);
  return body.data.url;
}

describe.each(dialects)('profile on %s', (dialect) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];
  const open = async (token: string) => {
    const socket = await TestSocket.forSession(server.url, token);
    sockets.push(socket);
    await socket.ready();
    return socket;
  };
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  it('edits the profile in part, keeps it, and tells the other devices', async () => {
    const ana = await seed(server.url).user('ana');
    const other = await open(await seed(server.url).login(ana.chatNo));
    const self = await open(ana.token);
    const me = as(server.url, ana);
    const mark = self.received.length;

    const first = await me.post<UserInfo>('/my/updateInfo', {
      nickName: '  Ana María ',
      intro: 'Coffee first, then the world.',
      gender: 'female',
      address: { country: 'Spain', province: 'Madrid', city: 'Madrid' },
    });
    expect(first.body).toEqual({
      code: 200,
      msg: 'ok',
      data: {
        userId: ana.userId,
        nickName: 'Ana María',
        portrait: '',
        userType: 'normal',
        chatNo: ana.chatNo,
        gender: 'female',
        intro: 'Coffee first, then the world.',
        address: { country: 'Spain', province: 'Madrid', city: 'Madrid' },
        // What her QR card carries; it does not change with the profile.
        shareRef: (await me.get<MyInfo>('/my/getInfo')).body.data.shareRef,
      },
    });
    expect(await other.nextNotice('PROFILE_CHANGED')).toMatchObject({ pushType: 'NOTICE', msgContent: {} });
    const onSelf = await receivedUpToBarrier(server, self, ana.userId, mark);
    expect(onSelf.filter((m) => m.includes('PROFILE_CHANGED'))).toEqual([]);

    // Only what is sent changes.
    const second = await me.post<UserInfo>('/my/updateInfo', { intro: '' });
    expect(second.body.data).toMatchObject({ nickName: 'Ana María', gender: 'female', intro: '' });
    expect((await me.get<UserInfo>('/my/getInfo')).body.data).toEqual(second.body.data);
  });

  it('refuses bad profile edits, naming the field, and changes nothing', async () => {
    const ben = await seed(server.url).user('ben');
    const me = as(server.url, ben);
    for (const [body, message] of [
      [{}, 'body: nothing to update'],
      [{ gender: 'other' }, 'gender: '],
      [{ nickName: '   ' }, 'nickName: nickName is required'],
      [{ nickName: 'n'.repeat(33) }, 'nickName: nickName must be at most 32 characters'],
      [{ intro: 'i'.repeat(61) }, 'intro: '],
      [{ address: { country: 'X' } }, 'address.province: '],
      [{ portrait: 12 }, 'portrait: '],
    ] as const) {
      const answer = await me.post('/my/updateInfo', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.err).toBe('validation');
      expect(answer.body.msg.startsWith(message), `${answer.body.msg} / ${message}`).toBe(true);
    }
    expect((await me.get<UserInfo>('/my/getInfo')).body.data).toMatchObject({
      nickName: 'Ben',
      gender: 'unknown',
      intro: '',
    });
    expect((await post(server.url, '/my/updateInfo', { body: { intro: 'x' } })).body).toEqual(EXPIRED);
  });

  it('takes as portrait only an image the user uploaded', async () => {
    const [cleo, dev] = [await seed(server.url).user('cleo'), await seed(server.url).user('dev')];
    const avatar = await uploadImage(server.url, cleo.token, '?purpose=avatar');
    const set = await as(server.url, cleo).post<UserInfo>('/my/updateInfo', { portrait: avatar });
    expect(set.body.data.portrait).toBe(avatar);

    const refused = { status: 400, msg: 'portrait: must be an image you uploaded' };
    for (const portrait of [
      'https://evil.example/x.png',
      '/file/../../etc/passwd',
      '/file/00000000000000000000000000000000.png',
    ]) {
      const answer = await as(server.url, cleo).post('/my/updateInfo', { portrait });
      expect({ status: answer.status, msg: answer.body.msg }, portrait).toEqual(refused);
    }
    // Someone else's picture is not yours to wear.
    const theirs = await as(server.url, dev).post('/my/updateInfo', { portrait: avatar });
    expect({ status: theirs.status, msg: theirs.body.msg }).toEqual(refused);
    // '' takes the portrait off.
    expect(
      (await as(server.url, cleo).post<UserInfo>('/my/updateInfo', { portrait: '' })).body.data.portrait,
    ).toBe('');
  });

  it('sets the chat ID once, for an account that has none', async () => {
    const pi = await accountWithoutCredentials(server, 'Pi Pioneer');
    const taken = await seed(server.url).user('taken');
    const me = as(server.url, pi);
    expect((await me.get<UserInfo>('/my/getInfo')).body.data.chatNo).toBe('');
    // Nobody can find an account by a chat ID it does not have.
    expect((await as(server.url, taken).get('/friend/search', { chatNo: 'pioneer_1' })).body.err).toBe(
      'userNotFound',
    );

    expect((await me.post('/my/setChatNo', { chatNo: taken.chatNo.toUpperCase() })).body).toEqual({
      code: 409,
      msg: 'chat ID is already taken',
      data: null,
      err: 'chatNoTaken',
    });
    for (const chatNo of ['ab', 'has space', 'x'.repeat(21)]) {
      expect((await me.post('/my/setChatNo', { chatNo })).status, chatNo).toBe(400);
    }
    const set = await me.post<UserInfo>('/my/setChatNo', { chatNo: 'Pioneer_1' });
    expect(set.body.data).toMatchObject({ userId: pi.userId, chatNo: 'Pioneer_1' });
    expect((await as(server.url, taken).get('/friend/search', { chatNo: 'pioneer_1' })).body.code).toBe(200);

    const again = await me.post('/my/setChatNo', { chatNo: 'Pioneer_2' });
    expect(again.body).toEqual({
      code: 409,
      msg: 'Chat ID cannot be changed',
      data: null,
      err: 'chatNoAlreadySet',
    });
    // An account registered with a chat ID cannot change it either.
    expect((await as(server.url, taken).post('/my/setChatNo', { chatNo: 'brand_new' })).body.err).toBe(
      'chatNoAlreadySet',
    );
    expect((await me.get<UserInfo>('/my/getInfo')).body.data.chatNo).toBe('Pioneer_1');
  });

  it('changes the password: the old one is required and checked, other sessions end', async () => {
    const eve = await seed(server.url).user('eve');
    const laptopToken = await seed(server.url).login(eve.chatNo);
    const laptop = await open(laptopToken);
    const phone = await open(eve.token);
    const me = as(server.url, eve);

    for (const [body, message] of [
      [
        { oldPassword: eve.password, newPassword: 'short1' },
        'newPassword: password must be 8 to 16 characters',
      ],
      [
        { oldPassword: eve.password, newPassword: 'a1'.repeat(9) },
        'newPassword: password must be 8 to 16 characters',
      ],
      [
        { oldPassword: eve.password, newPassword: 'onlyletters' },
        'newPassword: password must mix digits and letters',
      ],
      [
        { oldPassword: eve.password, newPassword: '1234567890' },
        'newPassword: password must mix digits and letters',
      ],
      [{ newPassword: 'newpass123' }, 'oldPassword: please enter your current password'],
    ] as const) {
      const answer = await me.post('/my/setPassword', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toBe(message);
    }
    const wrong = await me.post('/my/setPassword', {
      oldPassword: 'not-my-password',
      newPassword: 'newpass123',
    });
    expect(wrong.body).toEqual({
      code: 400,
      msg: 'The current password is wrong',
      data: null,
      err: 'wrongPassword',
    });
    // Nothing changed so far: the laptop is still signed in.
    expect((await get(server.url, '/my/getInfo', { token: laptopToken })).body.code).toBe(200);

    const changed = await me.post('/my/setPassword', {
      oldPassword: eve.password,
      newPassword: 'newpass123',
    });
    expect(changed.body).toEqual({ code: 200, msg: 'ok', data: null });
    expect(await laptop.closed).toEqual({
      code: CloseCode.SIGNED_OUT,
      reason: 'Password changed, please sign in again',
    });
    expect((await get(server.url, '/my/getInfo', { token: laptopToken })).body).toEqual(EXPIRED);
    // This device stays signed in, socket and all.
    expect((await me.get('/my/getInfo')).body.code).toBe(200);
    phone.send({ type: 'ping' });
    expect(await phone.next((m) => m === 'ok')).toBe('ok');

    const oldLogin = await post(server.url, '/auth/login', {
      body: { account: eve.chatNo, password: eve.password },
    });
    expect(oldLogin.body.err).toBe('badCredentials');
    const newLogin = await post(server.url, '/auth/login', {
      body: { account: eve.chatNo, password: 'newpass123' },
    });
    expect(newLogin.body.code).toBe(200);
  });

  it('lets an account without a password set one without an old one', async () => {
    const pi = await accountWithoutCredentials(server, 'Pi Two');
    const me = as(server.url, pi);
    await me.post('/my/setChatNo', { chatNo: 'pi_two' });
    // It cannot sign in by password before it has one.
    expect(
      (await post(server.url, '/auth/login', { body: { account: 'pi_two', password: 'whatever1' } })).body
        .err,
    ).toBe('badCredentials');
    expect((await me.post('/my/setPassword', { newPassword: 'first1pass' })).body.code).toBe(200);
    expect(
      (await post(server.url, '/auth/login', { body: { account: 'pi_two', password: 'first1pass' } })).body
        .code,
    ).toBe(200);
    // Now it has one: changing it again needs it.
    expect((await me.post('/my/setPassword', { newPassword: 'second2pass' })).status).toBe(400);
  });
});

describe.each(dialects)('dictionaries on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await seed(server.url).user('dict')).token;
  });
  afterAll(() => server.close());

  const dict = (type: string, headers: Record<string, string> = {}) =>
    get<{ dictLabel: string; dictValue: string }[]>(server.url, `/system/dict/data/type/${type}`, {
      token,
      headers,
    });

  it('answers the gender labels in the request language', async () => {
    expect((await dict('sys_user_sex')).body).toEqual({
      code: 200,
      msg: 'ok',
      data: [
        { dictLabel: 'Male', dictValue: 'male' },
        { dictLabel: 'Female', dictValue: 'female' },
        { dictLabel: 'Not specified', dictValue: 'unknown' },
      ],
    });
    expect((await dict('sys_user_sex', { lang: 'zh' })).body.data.map((i) => i.dictLabel)).toEqual([
      '男',
      '女',
      '未知',
    ]);
    expect(
      (await dict('sys_user_sex', { 'accept-language': 'zh-CN,zh;q=0.9' })).body.data[0]?.dictLabel,
    ).toBe('男');
    expect((await dict('sys_user_sex', { lang: 'xx' })).body.data[0]?.dictLabel).toBe('Male');
  });

  it('answers suggested signatures and the default request reason', async () => {
    const intros = (await dict('user_intro_suggest', { lang: 'en' })).body.data;
    expect(intros.length).toBeGreaterThanOrEqual(6);
    expect(intros[0]).toEqual({ dictLabel: 'Hi there, nice to meet you!', dictValue: '1' });
    const zhIntros = (await dict('user_intro_suggest', { lang: 'zh' })).body.data;
    expect(zhIntros).toHaveLength(intros.length);
    expect(zhIntros[0]?.dictLabel).toBe('你好，很高兴认识你！');
    expect((await dict('friend_apply_reason')).body.data).toEqual([
      { dictLabel: "Hi, I'm {nickName}", dictValue: 'default' },
    ]);
    expect((await dict('friend_apply_reason', { lang: 'zh-TW' })).body.data[0]?.dictLabel).toBe(
      '你好，我是{nickName}',
    );
  });

  it('refuses an unknown type and a missing token', async () => {
    const unknown = await dict('sys_nope');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 400, err: 'validation', data: null });
    expect(unknown.body.msg).toMatch(/^type: /);
    expect((await get(server.url, '/system/dict/data/type/sys_user_sex')).status).toBe(401);
  });
});
