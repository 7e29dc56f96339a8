/** For the group screen tests: friends and a group as the server answers them. Not for the app. */
import type { Friend, GroupInfo, GroupMember, GroupRole } from '@paichat/protocol';

export const friend = (userId: string, nickName: string, remark = ''): Friend => ({
  userId,
  nickName,
  remark,
  portrait: '',
  userType: 'normal',
  chatNo: nickName.toLowerCase(),
  tags: [],
  isBlocked: false,
});

const member = (userId: string, name: string, role: GroupRole, joinedAt: number): GroupMember => ({
  userId,
  nickName: name,
  portrait: '',
  groupNick: '',
  remark: '',
  showName: name,
  role,
  joinedAt,
});

/** Ada's group "Trip" with Ben and Chen, as a member with this role sees it. */
export function groupOf(myRole: GroupRole): GroupInfo {
  return {
    group: {
      groupId: '7',
      chatId: '70',
      name: 'Trip',
      nameIsDefault: false,
      portrait: '',
      faces: ['Ada', 'Ben', 'Chen'].map((nickName) => ({ nickName, portrait: '' })),
      notice: '',
      noticeTime: 0,
      ownerId: '42',
      memberCount: 3,
      status: 'ACTIVE',
      myRole,
      myGroupNick: '',
      saved: 'N',
      isTop: 'N',
      isDisturb: 'N',
      createdAt: 1,
    },
    members: [
      member('42', 'Ada', 'OWNER', 1),
      member('11', 'Ben', 'MEMBER', 2),
      member('12', 'Chen', 'MEMBER', 3),
    ],
  };
}
