import type { Principal } from '../db/accounts.ts';
import type { AuthenticatedUser } from '../plugins/authentication.ts';

/**
 * What memberships a caller matches: the subject, the groups, and the email unless the token says it is unverified
 * (`email_verified: false`), so that an address a user typed but never confirmed grants nothing.
 */
export function principalOf(user: AuthenticatedUser): Principal {
  const unverified = user.claims['email_verified'] === false;
  return { subject: user.subject, email: unverified ? null : user.email, groups: user.groups };
}
