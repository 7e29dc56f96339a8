import { describe, expect, test } from 'vitest';
import { ChatNo, LoginRequest, Password } from './auth';
import { RegisterRequest } from './signup';
import { ServerPush } from './notices';

describe('chat ID rule', () => {
  test.each(['abc', 'Pi_user-01', 'a'.repeat(20)])('accepts %s', (value) => {
    expect(ChatNo.safeParse(value).success).toBe(true);
  });

  test.each([
    ['ab', 'at least 3'],
    ['a'.repeat(21), 'at most 20'],
    ['has space', 'letters, numbers, underscore and hyphen'],
    ['名字abc', 'letters, numbers, underscore and hyphen'],
    ["x' OR 1=1", 'letters, numbers, underscore and hyphen'],
  ])('refuses %s with a message saying why', (value, why) => {
    const result = ChatNo.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(why);
  });
});

describe('passwords at login', () => {
  test('8 to 20 characters', () => {
    expect(Password.safeParse('1234567').success).toBe(false);
    expect(Password.safeParse('12345678').success).toBe(true);
    expect(Password.safeParse('x'.repeat(20)).success).toBe(true);
    expect(Password.safeParse('x'.repeat(21)).success).toBe(false);
  });

  test('the captcha fields are optional (the server decides whether they are needed)', () => {
    expect(LoginRequest.safeParse({ account: 'amy', password: 'paichat123' }).success).toBe(true);
    expect(LoginRequest.safeParse({ account: '  ', password: 'paichat123' }).success).toBe(false);
  });
});

test('a nickname is trimmed and required', () => {
  const parsed = RegisterRequest.parse({ chatNo: 'amy', password: 'paichat123', nickName: '  Amy ' });
  expect(parsed.nickName).toBe('Amy');
  expect(RegisterRequest.safeParse({ chatNo: 'amy', password: 'paichat123', nickName: '   ' }).success).toBe(
    false,
  );
});

test('sign-up takes the rule of a password change and, optionally, a verification code', () => {
  const base = { chatNo: 'amy', nickName: 'Amy' };
  expect(RegisterRequest.safeParse({ ...base, password: 'paichat123' }).success).toBe(true);
  for (const password of ['paichat-only', '1234567890', 'pai123', 'paichat1234567890'])
    expect(RegisterRequest.safeParse({ ...base, password }).success, password).toBe(false);
  expect(
    RegisterRequest.parse({ ...base, password: 'paichat123', captchaId: 'id', captchaCode: 'ab12' }),
  ).toMatchObject({ captchaId: 'id', captchaCode: 'ab12' });
});

test('server pushes are told apart by pushType', () => {
  const notice = ServerPush.parse({
    pushType: 'NOTICE',
    noticeType: 'LOGIN_ELSEWHERE',
    msgContent: { device: 'H5', time: 1 },
    createTime: 1,
  });
  expect(notice.pushType).toBe('NOTICE');
  expect(
    ServerPush.safeParse({ pushType: 'NOTICE', noticeType: 'NOPE', msgContent: {}, createTime: 1 }).success,
  ).toBe(false);
});
