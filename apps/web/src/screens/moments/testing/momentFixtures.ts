/** Posts and people for the Moments screen tests. */
import type { Moment, MomentComment, MomentPerson } from '@paichat/protocol';
import { me } from '../../../test/people';

export const NOW = new Date(2026, 10, 24, 12, 0).getTime();

export const person = (userId: string, nickName: string, remark = ''): MomentPerson => ({
  userId,
  nickName,
  remark,
});

export const ME = person(me.userId, me.nickName);
export const BEN = person('7', 'Ben', 'Benny');
export const CY = person('8', 'Cy');

let serial = 0;

/** A post by `author` (a friend unless it is me), with no likes or comments. */
export function moment(author: MomentPerson, patch: Partial<Moment> = {}): Moment {
  serial += 1;
  const isSelf = author.userId === me.userId;
  return {
    momentId: String(1000 + serial),
    userId: author.userId,
    nickName: author.nickName,
    portrait: '',
    remark: isSelf ? '' : author.remark,
    text: `post ${serial}`,
    images: [],
    video: null,
    location: '',
    createTime: NOW - serial * 60_000,
    isSelf,
    ...(isSelf ? { visibility: 'PUBLIC' as const } : {}),
    likes: [],
    liked: false,
    comments: [],
    ...patch,
  };
}

export function comment(
  from: MomentPerson,
  text: string,
  replyTo: MomentPerson | null = null,
): MomentComment {
  serial += 1;
  return { commentId: String(5000 + serial), from, replyTo, text, createTime: NOW };
}

/** A stored image's URLs, as the server names them. */
export const image = (n: number) => ({
  url: `/file/${String(n).padStart(32, 'a')}.png`,
  thumbUrl: `/file/${String(n).padStart(32, 'b')}.webp`,
  width: 640,
  height: 480,
});
