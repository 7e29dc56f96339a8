import { describe, expect, it } from 'vitest';
import { sendMsg } from './chats';
import { BODY_LIMIT_DEFAULT, type Endpoint } from './endpoint';
import {
  addGroupMembers,
  createGroup,
  GROUP_MEMBERS_MAX,
  GROUP_NAME_MAX,
  groupSendMsg,
  setGroupNotice,
  GROUP_NOTICE_MAX,
} from './groups';
import * as protocol from './index';
import { endpointsIn } from './schema-walk';
import { TEXT_MAX } from './messages';
import { INTRO_MAX, REGION_PART_MAX, updateMyInfo } from './profile';
import { NICKNAME_MAX } from './limits';
import { STAT_APP_KEY_MAX, STAT_BATCH_MAX, STAT_NAME_MAX, STAT_VALUE_MAX, statReport } from './stats';

/** A body as a client that escapes every non-ASCII character writes it: its longest form. */
const escapedBody = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
const bytes = (body: string) => new TextEncoder().encode(body).length;
const limitOf = (endpoint: Endpoint) => endpoint.bodyLimit ?? BODY_LIMIT_DEFAULT;

/** The largest valid body of an endpoint fits its limit (checked valid first). */
function expectFits(endpoint: Endpoint, body: unknown) {
  expect(endpoint.request.safeParse(body).error).toBeUndefined();
  expect(bytes(escapedBody(body))).toBeLessThanOrEqual(limitOf(endpoint));
}

const ID = '9'.repeat(18);
const CJK = '中';

describe('body limits', () => {
  it('fit the longest message text a send may carry', () => {
    const text = { msgType: 'TEXT', content: { text: CJK.repeat(TEXT_MAX) }, clientMsgId: 'x'.repeat(64) };
    expectFits(sendMsg, { userId: ID, ...text });
    expectFits(groupSendMsg, { groupId: ID, ...text });
  });

  it('fit the largest group a member list may make, at the default', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(10n ** 17n + BigInt(i)));
    expectFits(createGroup, { userIds: ids(GROUP_MEMBERS_MAX - 1), name: CJK.repeat(GROUP_NAME_MAX) });
    expectFits(addGroupMembers, { groupId: ID, userIds: ids(GROUP_MEMBERS_MAX) });
    expectFits(setGroupNotice, { groupId: ID, notice: CJK.repeat(GROUP_NOTICE_MAX) });
  });

  it('fit a profile edit of every field at its longest, at the default', () => {
    const part = CJK.repeat(REGION_PART_MAX);
    expectFits(updateMyInfo, {
      nickName: CJK.repeat(NICKNAME_MAX),
      intro: CJK.repeat(INTRO_MAX),
      gender: 'female',
      portrait: '/file/0123456789abcdef0123456789abcdef.webp',
      address: { country: part, province: part, city: part },
    });
  });

  it('fit a full statistics report of the longest names and values', () => {
    const longest = { name: CJK.repeat(STAT_NAME_MAX), value: CJK.repeat(STAT_VALUE_MAX) };
    expectFits(statReport, {
      appKey: 'k'.repeat(STAT_APP_KEY_MAX),
      events: Array.from({ length: STAT_BATCH_MAX }, () => longest),
    });
  });

  it('stay far below the 1 MiB a request could otherwise make the server read', () => {
    const endpoints = endpointsIn(protocol);
    expect(endpoints.length).toBeGreaterThan(40);
    for (const endpoint of endpoints) expect(limitOf(endpoint), endpoint.path).toBeLessThanOrEqual(64 * 1024);
  });
});
