/**
 * Posts as a viewer sees them. Likes and comments pass the mutual-friend filter here, the one
 * place every answer that carries them goes through: a viewer sees a like or a comment only if
 * they made it or are friends with who did, and a reply only if they may also see the one it
 * answers.
 */
import type { Moment, MomentPerson, MomentVisibility } from '@paichat/protocol';
import type { MomentMediaRow } from '../../db';
import { urlOf } from '../files/service';
import type { CommentRow, LikeRow } from './interactions-repo';
import type { MomentWithAuthor } from './repo';

/** What the viewer may see of the posts being shown. */
export interface Seen {
  viewerId: number;
  /** The viewer's friends (whose likes and comments the viewer sees). */
  friends: ReadonlySet<number>;
  media: readonly MomentMediaRow[];
  likes: readonly LikeRow[];
  comments: readonly CommentRow[];
}

const person = (userId: number, nickName: string, remark: string | null, viewerId: number): MomentPerson => ({
  userId: String(userId),
  nickName,
  remark: userId === viewerId ? '' : (remark ?? ''),
});

/** A post as the viewer sees it. */
export function toMoment(row: MomentWithAuthor, seen: Seen): Moment {
  const { viewerId, friends } = seen;
  const sees = (userId: number) => userId === viewerId || friends.has(userId);
  const isSelf = row.user_id === viewerId;
  const media = seen.media.filter((m) => m.moment_id === row.id);
  const video = media.find((m) => m.kind === 'video');
  const likes = seen.likes.filter((l) => l.moment_id === row.id && sees(l.user_id));
  return {
    momentId: String(row.id),
    userId: String(row.user_id),
    nickName: row.nick_name,
    portrait: row.portrait,
    remark: isSelf ? '' : (row.remark ?? ''),
    text: row.text,
    images: media
      .filter((m) => m.kind === 'image')
      .map((m) => ({
        url: urlOf(m.upload_name),
        thumbUrl: m.thumb_name ? urlOf(m.thumb_name) : '',
        width: m.width,
        height: m.height,
      })),
    video: video
      ? { url: urlOf(video.upload_name), thumbUrl: video.thumb_name ? urlOf(video.thumb_name) : '' }
      : null,
    location: row.location,
    createTime: row.created_at,
    isSelf,
    ...(isSelf ? { visibility: row.visibility as MomentVisibility } : {}),
    likes: likes.map((l) => person(l.user_id, l.nick_name, l.remark, viewerId)),
    liked: likes.some((l) => l.user_id === viewerId),
    comments: seen.comments
      .filter(
        (c) =>
          c.moment_id === row.id &&
          sees(c.user_id) &&
          (c.reply_to_user_id === null || sees(c.reply_to_user_id)),
      )
      .map((c) => ({
        commentId: String(c.id),
        from: person(c.user_id, c.nick_name, c.remark, viewerId),
        replyTo:
          c.reply_to_user_id === null
            ? null
            : person(c.reply_to_user_id, c.reply_nick_name ?? '', c.reply_remark, viewerId),
        text: c.text,
        createTime: c.created_at,
      })),
  };
}
