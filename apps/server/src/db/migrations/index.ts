import type { Migration } from 'kysely';
import * as m0001 from './0001_users';
import * as m0002 from './0002_sessions';
import * as m0003 from './0003_captchas';
import * as m0004 from './0004_login_failures';
import * as m0005 from './0005_friends';
import * as m0006 from './0006_friend_applies';
import * as m0007 from './0007_blocks';
import * as m0008 from './0008_friend_remarks';
import * as m0009 from './0009_uploads';
import * as m0010 from './0010_chats';
import * as m0011 from './0011_chat_members';
import * as m0012 from './0012_messages';
import * as m0013 from './0013_groups';
import * as m0014 from './0014_group_members';
import * as m0015 from './0015_group_invites';
import * as m0016 from './0016_chat_members_left_seq';
import * as m0017 from './0017_messages_group_nick';
import * as m0018 from './0018_group_invites_revoked';
import * as m0019 from './0019_server_secrets';
import * as m0020 from './0020_sockets';
import * as m0021 from './0021_moments';
import * as m0022 from './0022_moment_interactions';
import * as m0023 from './0023_moment_covers';
import * as m0024 from './0024_feedback';
import * as m0025 from './0025_favorites';
import * as m0026 from './0026_stat_counts';
import * as m0027 from './0027_nearby_locations';
import * as m0028 from './0028_shakes';
import * as m0029 from './0029_identities';
import * as m0030 from './0030_message_search';
import * as m0031 from './0031_push_subscriptions';
import * as m0032 from './0032_nearby_coarser_cells';
import * as m0033 from './0033_nearby_sightings';
import * as m0034 from './0034_login_failures_wait';
import * as m0035 from './0035_empty_seqs';
import * as m0037 from './0037_message_deletions';
import * as m0038 from './0038_chat_members_mention_seq';
import * as m0039 from './0039_search_watermark';
import * as m0040 from './0040_socket_leases';
import * as m0041 from './0041_message_reactions';
import * as m0042 from './0042_link_previews';
import * as m0043 from './0043_users_read_receipts';

/** Every migration, in order. Add a file, then list it here; never edit a released one. */
export const migrations: Record<string, Migration> = {
  '0001_users': m0001,
  '0002_sessions': m0002,
  '0003_captchas': m0003,
  '0004_login_failures': m0004,
  '0005_friends': m0005,
  '0006_friend_applies': m0006,
  '0007_blocks': m0007,
  '0008_friend_remarks': m0008,
  '0009_uploads': m0009,
  '0010_chats': m0010,
  '0011_chat_members': m0011,
  '0012_messages': m0012,
  '0013_groups': m0013,
  '0014_group_members': m0014,
  '0015_group_invites': m0015,
  '0016_chat_members_left_seq': m0016,
  '0017_messages_group_nick': m0017,
  '0018_group_invites_revoked': m0018,
  '0019_server_secrets': m0019,
  '0020_sockets': m0020,
  '0021_moments': m0021,
  '0022_moment_interactions': m0022,
  '0023_moment_covers': m0023,
  '0024_feedback': m0024,
  '0025_favorites': m0025,
  '0026_stat_counts': m0026,
  '0027_nearby_locations': m0027,
  '0028_shakes': m0028,
  '0029_identities': m0029,
  '0030_message_search': m0030,
  '0031_push_subscriptions': m0031,
  '0032_nearby_coarser_cells': m0032,
  '0033_nearby_sightings': m0033,
  '0034_login_failures_wait': m0034,
  '0035_empty_seqs': m0035,
  '0037_message_deletions': m0037,
  '0038_chat_members_mention_seq': m0038,
  '0039_search_watermark': m0039,
  '0040_socket_leases': m0040,
  '0041_message_reactions': m0041,
  '0042_link_previews': m0042,
  '0043_users_read_receipts': m0043,
};
