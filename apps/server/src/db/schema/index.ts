import type { Kysely, Transaction } from 'kysely';
import type { BlocksTable } from './blocks';
import type { CaptchasTable } from './captchas';
import type { ChatMembersTable } from './chat-members';
import type { ChatsTable } from './chats';
import type { EmptySeqsTable } from './empty-seqs';
import type { MessageDeletionsTable } from './message-deletions';
import type { FavoritesTable } from './favorites';
import type { FeedbackImagesTable, FeedbackTable } from './feedback';
import type { FriendAppliesTable } from './friend-applies';
import type { FriendsTable } from './friends';
import type { GroupInvitesTable, GroupMembersTable, GroupsTable } from './groups';
import type { IdentitiesTable, OAuthLoginsTable } from './identities';
import type { LinkPreviewsTable } from './link-previews';
import type { LoginFailuresTable } from './login-failures';
import type { MessageReactionMarksTable, MessageReactionsTable } from './message-reactions';
import type { MessagesTable } from './messages';
import type {
  MomentAudienceTable,
  MomentCommentsTable,
  MomentCoversTable,
  MomentFeedSeenTable,
  MomentInteractionsTable,
  MomentLikesTable,
  MomentMediaTable,
  MomentsTable,
} from './moments';
import type { PushSubscriptionsTable } from './push-subscriptions';
import type { SearchWatermarkTable } from './search-watermark';
import type { ServerSecretsTable } from './server-secrets';
import type { SessionsTable } from './sessions';
import type { SocketLeasesTable, SocketsTable } from './sockets';
import type { StatCountsTable } from './stat-counts';
import type { NearbyLocationsTable, NearbySightingsTable, ShakesTable } from './nearby';
import type { UploadsTable } from './uploads';
import type { UsersTable } from './users';

export interface DatabaseSchema {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  friends: FriendsTable;
  friend_applies: FriendAppliesTable;
  blocks: BlocksTable;
  uploads: UploadsTable;
  chats: ChatsTable;
  chat_members: ChatMembersTable;
  messages: MessagesTable;
  empty_seqs: EmptySeqsTable;
  message_deletions: MessageDeletionsTable;
  search_watermark: SearchWatermarkTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_invites: GroupInvitesTable;
  server_secrets: ServerSecretsTable;
  sockets: SocketsTable;
  socket_leases: SocketLeasesTable;
  moments: MomentsTable;
  moment_media: MomentMediaTable;
  moment_audience: MomentAudienceTable;
  moment_likes: MomentLikesTable;
  moment_comments: MomentCommentsTable;
  moment_interactions: MomentInteractionsTable;
  moment_feed_seen: MomentFeedSeenTable;
  moment_covers: MomentCoversTable;
  feedback: FeedbackTable;
  feedback_images: FeedbackImagesTable;
  favorites: FavoritesTable;
  stat_counts: StatCountsTable;
  nearby_locations: NearbyLocationsTable;
  nearby_sightings: NearbySightingsTable;
  shakes: ShakesTable;
  identities: IdentitiesTable;
  oauth_logins: OAuthLoginsTable;
  push_subscriptions: PushSubscriptionsTable;
  message_reactions: MessageReactionsTable;
  message_reaction_marks: MessageReactionMarksTable;
  link_previews: LinkPreviewsTable;
}

export type Db = Kysely<DatabaseSchema>;
/** What repo functions take first: the database or an open transaction. */
export type DbOrTx = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;
export type Tx = Transaction<DatabaseSchema>;
export type Dialect = 'sqlite' | 'postgres';

export type * from './blocks';
export type * from './captchas';
export type * from './chat-members';
export type * from './chats';
export type * from './empty-seqs';
export type * from './message-deletions';
export type * from './favorites';
export type * from './feedback';
export type * from './friend-applies';
export type * from './friends';
export type * from './groups';
export type * from './identities';
export type * from './link-previews';
export type * from './login-failures';
export type * from './message-reactions';
export type * from './messages';
export type * from './moments';
export type * from './push-subscriptions';
export type * from './server-secrets';
export type * from './sessions';
export type * from './sockets';
export type * from './stat-counts';
export type * from './nearby';
export type * from './uploads';
export type * from './users';
