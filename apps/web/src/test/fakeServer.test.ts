import { afterEach, describe, expect, it } from 'vitest';
import { friendInfo, getMyInfo, setMyPassword } from '@paichat/protocol';
import { ApiError, call, resetRequest } from '../api/request';
import { fakeServer, takeBreaches } from './fakeServer';
import { me } from './people';

afterEach(() => resetRequest());

describe('the fake server of screen tests', () => {
  it('answers through the request function, and records the parsed request', async () => {
    const server = fakeServer({ getMyInfo: () => me });
    expect(await call(getMyInfo, {}, { quiet: true })).toEqual(me);
    expect(server.called('getMyInfo')).toHaveLength(1);
  });

  it('gives a handler the path parameters and the query as the server parses them', async () => {
    const server = fakeServer({
      friendInfo: ({ id, ref }) => ({
        ...me,
        userId: id,
        isSelf: false,
        isFriend: false,
        isBlocked: false,
        requestSent: false,
        remark: ref ?? '',
        tags: [],
      }),
    });
    const person = await call(friendInfo, { id: '77', ref: 'cZoe' }, { quiet: true });
    expect(person).toMatchObject({ userId: '77', remark: 'cZoe' });
    expect(server.called('friendInfo')[0]?.request).toEqual({ id: '77', ref: 'cZoe' });
  });

  it('refuses a request the real server would refuse, as the server does', async () => {
    const server = fakeServer({ setMyPassword: () => null });
    const refused = call(setMyPassword, { oldPassword: 'x', newPassword: 'short' } as never, { quiet: true });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    expect(server.called('setMyPassword')[0]?.request).toBeUndefined();
  });

  it('fails the test on an answer the real server could never give', async () => {
    const { shareRef: _left, ...withoutShareRef } = me;
    fakeServer({ getMyInfo: () => withoutShareRef as typeof me });
    await expect(call(getMyInfo, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    const breaches = takeBreaches();
    expect(breaches).toHaveLength(1);
    expect(breaches[0]).toContain('GET /my/getInfo');
    expect(breaches[0]).toContain('shareRef');
  });
});
