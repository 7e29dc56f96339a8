import { sql, type Kysely } from 'kysely';

/**
 * A group QR code dies with its creator's membership: leaving, being removed, or the group's
 * dismissal sets `revoked_at`, in the transaction that ends the membership. NULL: still valid
 * (until `expires_at`).
 *
 * Codes issued before this migration name their creator too (`created_by`), so the same rule
 * applies to them now: those whose creator is no longer a member, or whose group was
 * dismissed, are revoked; those of current members stay valid until they expire, like any
 * invitation a member hands out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_invites').addColumn('revoked_at', 'bigint').execute();
  await sql`update "group_invites" set "revoked_at" = ${Date.now()}
    where not exists (
      select 1 from "group_members" as "gm"
      where "gm"."group_id" = "group_invites"."group_id" and "gm"."user_id" = "group_invites"."created_by"
    )
    or exists (
      select 1 from "groups" as "g"
      where "g"."id" = "group_invites"."group_id" and "g"."status" = 'DISMISSED'
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_invites').dropColumn('revoked_at').execute();
}
