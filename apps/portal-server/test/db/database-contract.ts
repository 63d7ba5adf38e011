import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { findUserBySubject, recordUserSeen } from '../../src/db/users.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every database backend must show. Each backend's test file calls this once with its own fresh,
 * empty database.
 */
export function databaseContract(
  kind: Database['kind'],
  open: () => Promise<{ database: Database; dispose(): Promise<void> }>,
) {
  describe(`the ${kind} database`, () => {
    let database: Database;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ database, dispose } = await open());
      await database.migrate();
    });
    afterAll(async () => {
      await database?.close();
      await dispose?.();
    });

    it('is the expected kind and answers a ping', async () => {
      expect(database.kind).toBe(kind);
      await expect(database.ping()).resolves.toBeUndefined();
    });

    it('has the users table after the migrations, and migrating again changes nothing', async () => {
      await database.migrate();
      const result = await database.db.execute(
        sql`select column_name, is_nullable, data_type from information_schema.columns
            where table_name = 'users' order by ordinal_position`,
      );
      // Both drivers answer a result with `rows`.
      const { rows } = result as unknown as { rows: unknown[] };
      expect(rows).toEqual([
        { column_name: 'id', is_nullable: 'NO', data_type: 'integer' },
        { column_name: 'subject', is_nullable: 'NO', data_type: 'text' },
        { column_name: 'name', is_nullable: 'YES', data_type: 'text' },
        { column_name: 'email', is_nullable: 'YES', data_type: 'text' },
        { column_name: 'first_seen_at', is_nullable: 'NO', data_type: 'timestamp with time zone' },
        { column_name: 'last_seen_at', is_nullable: 'NO', data_type: 'timestamp with time zone' },
        { column_name: 'visit_started_at', is_nullable: 'NO', data_type: 'timestamp with time zone' },
        { column_name: 'previous_visit_at', is_nullable: 'YES', data_type: 'timestamp with time zone' },
      ]);
    });

    it('records a user seen for the first time with equal first and last seen times', async () => {
      const before = Date.now();
      const row = await recordUserSeen(database.db, {
        subject: 'first-timer',
        name: 'Ada',
        email: 'ada@example.com',
      });
      expect(row).toMatchObject({ subject: 'first-timer', name: 'Ada', email: 'ada@example.com' });
      expect(row.firstSeenAt.getTime()).toBe(row.lastSeenAt.getTime());
      expect(row.firstSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(await findUserBySubject(database.db, 'first-timer')).toEqual(row);
    });

    it('moves last seen on a later visit, keeps first seen and refreshes name and email', async () => {
      const first = await recordUserSeen(database.db, {
        subject: 'regular',
        name: 'Old Name',
        email: 'old@example.com',
      });
      await pause(20);
      const second = await recordUserSeen(database.db, {
        subject: 'regular',
        name: 'New Name',
        email: 'new@example.com',
      });
      expect(second.id).toBe(first.id);
      expect(second.firstSeenAt).toEqual(first.firstSeenAt);
      expect(second.lastSeenAt.getTime()).toBeGreaterThan(first.lastSeenAt.getTime());
      expect(second).toMatchObject({ name: 'New Name', email: 'new@example.com' });
    });

    it('keeps the stored name and email when a token carries none', async () => {
      await recordUserSeen(database.db, { subject: 'quiet', name: 'Grace', email: 'grace@example.com' });
      const row = await recordUserSeen(database.db, { subject: 'quiet', name: null, email: null });
      expect(row).toMatchObject({ name: 'Grace', email: 'grace@example.com' });
    });

    it('starts a new visit after a pause of more than 30 minutes and keeps the end of the previous one', async () => {
      const first = await recordUserSeen(database.db, { subject: 'visitor', name: 'Lin', email: null });
      expect(first.previousVisitAt).toBeNull();
      const again = await recordUserSeen(database.db, { subject: 'visitor', name: 'Lin', email: null });
      expect(again.previousVisitAt).toBeNull();
      expect(again.visitStartedAt.getTime()).toBe(first.visitStartedAt.getTime());

      // 31 minutes of quiet, then a call: a new visit, whose "previous visit" ended when the quiet began.
      await database.db.execute(
        sql`update users set last_seen_at = now() - interval '31 minutes' where subject = 'visitor'`,
      );
      const quietSince = (await findUserBySubject(database.db, 'visitor'))?.lastSeenAt;
      const back = await recordUserSeen(database.db, { subject: 'visitor', name: 'Lin', email: null });
      expect(back.previousVisitAt?.getTime()).toBe(quietSince?.getTime());
      expect(back.visitStartedAt.getTime()).toBeGreaterThan(first.visitStartedAt.getTime());

      // 29 minutes of quiet is the same visit.
      await database.db.execute(
        sql`update users set last_seen_at = now() - interval '29 minutes' where subject = 'visitor'`,
      );
      const same = await recordUserSeen(database.db, { subject: 'visitor', name: 'Lin', email: null });
      expect(same.previousVisitAt?.getTime()).toBe(quietSince?.getTime());
      expect(same.visitStartedAt.getTime()).toBe(back.visitStartedAt.getTime());
    });

    it('finds nobody for an unknown subject', async () => {
      expect(await findUserBySubject(database.db, 'nobody')).toBeUndefined();
    });

    // Last: it closes the database the tests above share.
    it('can be closed twice', async () => {
      await database.close();
      await expect(database.close()).resolves.toBeUndefined();
    });
  });
}
