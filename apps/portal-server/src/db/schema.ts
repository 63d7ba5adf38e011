import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Everyone who has called the API with a valid token, keyed by the token's `sub`. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  subject: text('subject').notNull().unique(),
  name: text('name'),
  email: text('email'),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
