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
 * Records that `user` called the API now: inserts it on first sight, otherwise moves `last_seen_at` and refreshes
 * name and email (a token without them keeps the stored values).
 *
 * ```ts
 * await recordUserSeen(db, { subject: 'u-1', name: 'Ada', email: null });
 * ```
 */
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
