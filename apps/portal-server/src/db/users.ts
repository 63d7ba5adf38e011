import { eq, sql } from 'drizzle-orm';
import type { PortalDb } from './database.ts';
import { users } from './schema.ts';
import type { UserRow } from './schema.ts';

export interface SeenUser {
  subject: string;
  name: string | null;
  email: string | null;
}

/**
 * A pause longer than this between two calls ends a visit: the next call starts a new one, and the last call of the
 * old one becomes `previous_visit_at`. Longer than the idle lock-out (15 minutes by default), so signing in again
 * after a lock-out continues the same visit.
 */
export const VISIT_GAP_MINUTES = 30;

/**
 * Records that `user` called the API now: inserts it on first sight, otherwise moves `last_seen_at` and refreshes
 * name and email (a token without them keeps the stored values). A call after a pause of more than
 * {@link VISIT_GAP_MINUTES} starts a new visit and keeps the end of the previous one in `previous_visit_at`.
 *
 * ```ts
 * await recordUserSeen(db, { subject: 'u-1', name: 'Ada', email: null });
 * ```
 */
// In an upsert's SET, the column names the row as it was before the update.
const newVisit = sql`${users.lastSeenAt} < now() - ${sql.raw(`interval '${VISIT_GAP_MINUTES} minutes'`)}`;

export async function recordUserSeen(db: PortalDb, user: SeenUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ subject: user.subject, name: user.name, email: user.email, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({
      target: users.subject,
      set: {
        name: sql`coalesce(excluded.name, ${users.name})`,
        email: sql`coalesce(excluded.email, ${users.email})`,
        lastSeenAt: sql`now()`,
        visitStartedAt: sql`case when ${newVisit} then now() else ${users.visitStartedAt} end`,
        previousVisitAt: sql`case when ${newVisit} then ${users.lastSeenAt} else ${users.previousVisitAt} end`,
      },
    })
    .returning();
  if (row === undefined) throw new Error('upsert of users returned no row');
  return row;
}

export async function findUserBySubject(db: PortalDb, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.subject, subject)).limit(1);
  return row;
}
