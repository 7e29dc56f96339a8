import { z } from 'zod';
import { endpoint } from './endpoint';
import { INT32_MAX } from './limits';
import { FileUrl, IdString } from './messages';
import { text } from './text';

/**
 * Moments (spec 1 "Moments", 2 `wx/friendsCircle/*`): posts of text with up to nine images or
 * one video, shown to the author's friends as the author chose when posting:
 * - PUBLIC: all friends (the default);
 * - PRIVATE: only the author;
 * - INCLUDE: only the chosen friends (`userIds`);
 * - EXCLUDE: all friends except the chosen ones (`userIds`).
 * The choice is checked when a post is read, against the friendships of that moment: a viewer
 * sees a post if they wrote it, or if they are friends with its author now, neither has blocked
 * the other, and the choice lets them. An unfriended or blocked person sees nothing, both ways,
 * posts from before included; an id the viewer may not see answers exactly as one that does
 * not exist (`momentNotFound`).
 *
 * The feed (the viewer's posts and their friends' posts the viewer may see) and an album (one
 * person's posts the viewer may see) are newest first and paged by a cursor: `next` of one
 * page asks for the page after it, which stays the same however many posts arrive meanwhile.
 *
 * Likes and comments: whoever may see a post may like it and comment on it, or reply to a
 * comment; the commenter deletes their comment, and the post's author any comment on it. A
 * viewer sees a like or a comment only if they are friends with the one who made it (or made
 * it), and a reply only if they may also see the one it answers: people who are strangers to
 * each other never see each other on a mutual friend's post. Every answer that carries
 * interactions is filtered this way on the server.
 *
 * Interaction messages: a like, a comment or a reply on my post, and a reply to my comment,
 * becomes an entry of my interaction list, unread until I open the list. An entry shows only
 * while I may see its post and the like or comment itself (the rules above), so it never
 * carries the text or picture of a post I may no longer see. `/my/notices` counts the unread
 * ones (`topicReply`) and shows the avatar of the newest friend's post I have not seen since I
 * last opened the feed (`topicRed`).
 *
 * A cover is shown to its owner and to friends neither blocking nor blocked by them.
 */

export const MomentId = IdString('momentId');

/** A post's text is at most this many characters. */
export const MOMENT_TEXT_MAX = 1_500;
/** A post carries at most this many images (spec 5's picker count). */
export const MOMENT_IMAGES_MAX = 9;
/** The location name of a post is at most this many characters. */
export const MOMENT_LOCATION_MAX = 64;
/** INCLUDE / EXCLUDE name at most this many friends. */
export const MOMENT_AUDIENCE_MAX = 500;
/** Posts per page of the feed or an album. */
export const MOMENT_PAGE_SIZE = 20;

export const MomentVisibility = z.enum(['PUBLIC', 'PRIVATE', 'INCLUDE', 'EXCLUDE']);
export type MomentVisibility = z.infer<typeof MomentVisibility>;

/** An image of a post, as stored (the server fills the preview and size from the upload). */
export const MomentImage = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MomentImage = z.infer<typeof MomentImage>;

export const MomentVideo = z.object({
  url: z.string(),
  /** Its poster image ('' when the server could not make one). */
  thumbUrl: z.string(),
});
export type MomentVideo = z.infer<typeof MomentVideo>;

/** A comment's length is at most this many characters. */
export const MOMENT_COMMENT_MAX = 500;

/** Someone as a viewer sees them on a post: the viewer's remark for them ('' for none). */
export const MomentPerson = z.object({
  userId: z.string(),
  nickName: z.string(),
  remark: z.string(),
});
export type MomentPerson = z.infer<typeof MomentPerson>;

export const MomentComment = z.object({
  commentId: z.string(),
  from: MomentPerson,
  /** The comment this one answers: its author (null for a comment on the post itself). */
  replyTo: MomentPerson.nullable(),
  text: z.string(),
  createTime: z.number(),
});
export type MomentComment = z.infer<typeof MomentComment>;

/** A post as a viewer sees it. */
export const Moment = z.object({
  momentId: z.string(),
  /** The author. */
  userId: z.string(),
  nickName: z.string(),
  portrait: z.string(),
  /** The viewer's remark for the author ('' for none, and for the viewer's own posts). */
  remark: z.string(),
  text: z.string(),
  images: z.array(MomentImage),
  video: MomentVideo.nullable(),
  location: z.string(),
  createTime: z.number(),
  /** The viewer wrote it. */
  isSelf: z.boolean(),
  /** Who may see it; only on the viewer's own posts (others never learn who else may). */
  visibility: MomentVisibility.optional(),
  /** The likes the viewer may see, oldest first. */
  likes: z.array(MomentPerson),
  /** Whether the viewer liked it. */
  liked: z.boolean(),
  /** The comments the viewer may see, oldest first. */
  comments: z.array(MomentComment),
});
export type Moment = z.infer<typeof Moment>;

/** A page of posts, newest first; `next` asks for the page after it (null: no more). */
export const MomentPage = z.object({
  list: z.array(Moment),
  next: z.string().nullable(),
});
export type MomentPage = z.infer<typeof MomentPage>;

/**
 * Where a page starts: absent for the newest, else the `next` of the page before, the last
 * post's time and id (`<ms>_<id>`). Read into both numbers here, each bounded by its column (a
 * safe integer of milliseconds, a 32-bit id): anything else is no cursor of ours.
 */
const Cursor = text(40)
  .regex(/^\d{1,16}_\d{1,10}$/, 'invalid cursor')
  .transform((cursor, ctx) => {
    const [createdAt, id] = cursor.split('_').map(Number) as [number, number];
    if (Number.isSafeInteger(createdAt) && id <= INT32_MAX) return { createdAt, id };
    ctx.addIssue({ code: 'custom', message: 'invalid cursor' });
    return z.NEVER;
  });

export const postMoment = endpoint({
  method: 'POST',
  path: '/moments/post',
  request: z
    .object({
      text: text(MOMENT_TEXT_MAX, { multiline: true, trim: true }).default(''),
      images: z.array(FileUrl).max(MOMENT_IMAGES_MAX, `at most ${MOMENT_IMAGES_MAX} images`).default([]),
      video: FileUrl.optional(),
      location: text(MOMENT_LOCATION_MAX, { trim: true }).default(''),
      visibility: MomentVisibility.default('PUBLIC'),
      /** The chosen friends of INCLUDE / EXCLUDE. */
      userIds: z.array(IdString('userIds')).max(MOMENT_AUDIENCE_MAX).default([]),
    })
    .refine((post) => post.text !== '' || post.images.length > 0 || post.video !== undefined, {
      message: 'a post needs text, images or a video',
    })
    .refine((post) => !(post.video && post.images.length > 0), {
      message: 'a post has images or one video, not both',
    })
    .refine((post) => (post.visibility === 'INCLUDE' ? post.userIds.length > 0 : true), {
      message: 'choose the friends who may see it',
      path: ['userIds'],
    }),
  response: Moment,
  auth: true,
  summary: 'Post to Moments',
});

export const deleteMoment = endpoint({
  method: 'POST',
  path: '/moments/delete',
  request: z.object({ momentId: MomentId }),
  response: z.null(),
  auth: true,
  summary: 'Delete one of my posts',
});

export const getMomentFeed = endpoint({
  method: 'POST',
  path: '/moments/feed',
  request: z.object({
    after: Cursor.optional(),
    pageSize: z.number().int().min(1).max(50).default(MOMENT_PAGE_SIZE),
  }),
  response: MomentPage,
  auth: true,
  summary: "My posts and my friends' posts I may see, newest first",
});

export const getMomentAlbum = endpoint({
  method: 'POST',
  path: '/moments/album',
  request: z.object({
    userId: IdString('userId'),
    after: Cursor.optional(),
    pageSize: z.number().int().min(1).max(50).default(MOMENT_PAGE_SIZE),
  }),
  response: MomentPage,
  auth: true,
  summary: "One person's posts I may see, newest first (mine, or a friend's)",
});

export const getMoment = endpoint({
  method: 'POST',
  path: '/moments/detail',
  request: z.object({ momentId: MomentId }),
  response: Moment,
  auth: true,
  summary: 'One post I may see',
});

export const likeMoment = endpoint({
  method: 'POST',
  path: '/moments/like',
  request: z.object({ momentId: MomentId }),
  response: Moment,
  auth: true,
  summary: 'Like a post I may see (again is a no-op); answers the post',
});

export const unlikeMoment = endpoint({
  method: 'POST',
  path: '/moments/unlike',
  request: z.object({ momentId: MomentId }),
  response: Moment,
  auth: true,
  summary: 'Take back my like; answers the post',
});

export const commentMoment = endpoint({
  method: 'POST',
  path: '/moments/comment',
  request: z.object({
    momentId: MomentId,
    text: text(MOMENT_COMMENT_MAX, { multiline: true, trim: true }).min(1, 'please fill content'),
    /** The comment this one answers, if any. */
    replyTo: IdString('replyTo').optional(),
  }),
  response: Moment,
  auth: true,
  summary: 'Comment on a post I may see, or reply to a comment I may see; answers the post',
});

export const deleteMomentComment = endpoint({
  method: 'POST',
  path: '/moments/deleteComment',
  request: z.object({ commentId: IdString('commentId') }),
  response: Moment,
  auth: true,
  summary: 'Delete my comment, or any comment on my post; answers the post',
});

export const MomentInteractionKind = z.enum(['LIKE', 'COMMENT', 'REPLY']);
export type MomentInteractionKind = z.infer<typeof MomentInteractionKind>;

/** An entry of my interaction list: someone liked or commented on my post, or replied to me. */
export const MomentInteraction = z.object({
  interactionId: z.string(),
  kind: MomentInteractionKind,
  from: MomentPerson.extend({ portrait: z.string() }),
  /** The comment's text ('' for a like). */
  text: z.string(),
  momentId: z.string(),
  /** What the post shows in the list: its first picture's preview, else its text. */
  momentThumbUrl: z.string(),
  momentText: z.string(),
  createTime: z.number(),
  /** Seen: the list was opened after it came. */
  read: z.boolean(),
});
export type MomentInteraction = z.infer<typeof MomentInteraction>;

export const getMomentInteractions = endpoint({
  method: 'POST',
  path: '/moments/interactions',
  request: z.object({}),
  response: z.object({ list: z.array(MomentInteraction) }),
  auth: true,
  summary: 'My interaction list, newest first; opening it reads it',
});

export const clearMomentInteractions = endpoint({
  method: 'POST',
  path: '/moments/clearInteractions',
  request: z.object({}),
  response: z.null(),
  auth: true,
  summary: 'Empty my interaction list',
});

/** A user's Moments cover image ('' for none: the app shows its default). */
export const MomentCover = z.object({ cover: z.string() });
export type MomentCover = z.infer<typeof MomentCover>;

export const getMomentCover = endpoint({
  method: 'POST',
  path: '/moments/cover',
  request: z.object({ userId: IdString('userId') }),
  response: MomentCover,
  auth: true,
  summary: "My cover, or a friend's ('' for anyone else, and between friends when either blocked the other)",
});

export const setMomentCover = endpoint({
  method: 'POST',
  path: '/moments/setCover',
  request: z.object({ cover: FileUrl }),
  response: MomentCover,
  auth: true,
  summary: 'Change my cover to an image I uploaded',
});
