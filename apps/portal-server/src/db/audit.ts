import type { PortalDb } from './database.ts';
import { auditLog } from './schema.ts';

export interface AuditEntry {
  /** `user:<sub>`, `key:<prefix>` or `anonymous`. */
  actor: string;
  /** `report.download`, `installer.download`, `embed.token`, `download-token.grant`. */
  action: string;
  target: string;
  /** `ok`, or the error code the caller got. */
  outcome: string;
  detail?: Record<string, unknown>;
}

/**
 * Appends to the audit log.
 *
 * ```ts
 * await audit(db, { actor: 'user:u-1', action: 'report.download', target: 'fabrikam/Fleet/Inventory', outcome: 'ok' });
 * ```
 */
export async function audit(db: PortalDb, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: printable(entry.actor),
    action: entry.action,
    target: printable(entry.target),
    outcome: entry.outcome,
    detail: entry.detail ?? null,
  });
}

/** PostgreSQL text cannot hold NUL, and log readers should not meet control characters: both become `?`. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 1000);
}
