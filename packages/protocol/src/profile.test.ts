import { describe, expect, it } from 'vitest';
import { getDict } from './dict';
import { applyFriend, setRemark } from './friends';
import { NewPassword, UpdateInfoRequest } from './profile';

describe('profile and friends contract', () => {
  it('wants new passwords of 8 to 16 characters mixing digits and letters', () => {
    for (const ok of ['abcd1234', 'A1b2C3d4e5F6g7H8', 'pass word 1'])
      expect(NewPassword.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['abc123', 'abcdefghij', '1234567890', 'a1'.repeat(9)])
      expect(NewPassword.safeParse(bad).success, bad).toBe(false);
  });

  it('refuses a huge new password for its length alone, without looking for digits in it', () => {
    expect(NewPassword.safeParse('A'.repeat(1_000_000)).error?.issues.map((i) => i.message)).toEqual([
      'password must be 8 to 16 characters',
    ]);
  });

  it('takes any non-empty subset of the profile fields', () => {
    expect(UpdateInfoRequest.parse({ intro: ' hi ' })).toEqual({ intro: 'hi' });
    expect(UpdateInfoRequest.safeParse({}).success).toBe(false);
    expect(UpdateInfoRequest.safeParse({ gender: 'other' }).success).toBe(false);
  });

  it('fills a friend request’s optional fields', () => {
    expect(applyFriend.request.parse({ userId: '12' })).toEqual({
      userId: '12',
      reason: '',
      source: 'search',
      remark: '',
    });
    expect(setRemark.request.safeParse({ userId: '12', remark: ' ' }).error?.issues[0]?.message).toBe(
      'please fill content',
    );
  });

  it('names the dictionary types the server ships', () => {
    expect(getDict.request.safeParse({ type: 'sys_user_sex' }).success).toBe(true);
    expect(getDict.request.safeParse({ type: 'sys_other' }).success).toBe(false);
  });
});
