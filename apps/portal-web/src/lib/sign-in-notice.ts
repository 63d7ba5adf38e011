// Why the user is signed out, and where signing in again takes them. Kept in sessionStorage because a lock-out
// ends the session at the identity provider, whose redirect back reloads the portal.

const KEY = 'portal.signInNotice';

export type SignInNoticeReason = 'idleLockout' | 'signInRequired';

export interface SignInNotice {
  reason: SignInNoticeReason;
  /** The address (path, search, hash) signing in returns to. */
  returnTo: string;
  /** idleLockout: the idle time after which the user was signed out. */
  idleSeconds?: number;
}

function isNotice(value: unknown): value is SignInNotice {
  if (typeof value !== 'object' || value === null) return false;
  const { reason, returnTo, idleSeconds } = value as Record<string, unknown>;
  return (
    (reason === 'idleLockout' || reason === 'signInRequired') &&
    typeof returnTo === 'string' &&
    // Only an address inside the portal: never another origin, never a protocol-relative '//host'.
    returnTo.startsWith('/') &&
    !returnTo.startsWith('//') &&
    (idleSeconds === undefined || (typeof idleSeconds === 'number' && idleSeconds > 0))
  );
}

const listeners = new Set<() => void>();
// The notice as last written here, for when storage refuses (private mode, quota): it then lasts until a reload.
let current: { raw: string | null; notice: SignInNotice | null } = { raw: null, notice: null };

function changed(raw: string | null): void {
  current = { raw, notice: parse(raw) };
  try {
    if (raw === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, raw);
  } catch {
    // Kept in memory only.
  }
  listeners.forEach((listener) => listener());
}

function parse(raw: string | null): SignInNotice | null {
  try {
    const value: unknown = JSON.parse(raw ?? 'null');
    return isNotice(value) ? value : null;
  } catch {
    return null;
  }
}

/** @example saveSignInNotice({ reason: 'idleLockout', returnTo: '/reports?folder=3', idleSeconds: 900 }) */
export function saveSignInNotice(notice: SignInNotice): void {
  changed(JSON.stringify(notice));
}

export function clearSignInNotice(): void {
  changed(null);
}

/** The stored notice, or null when there is none or it is not one of ours; the same object while unchanged. */
export function readSignInNotice(): SignInNotice | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    raw = current.raw;
  }
  if (raw !== current.raw) current = { raw, notice: parse(raw) };
  return current.notice;
}

/** For `useSyncExternalStore(subscribeSignInNotice, readSignInNotice)`. */
export function subscribeSignInNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** @example idleDuration(900, 'de') // '15 Minuten'; idleDuration(45, 'en') // '45 seconds' */
export function idleDuration(seconds: number, language: string): string {
  const inMinutes = seconds >= 60 && seconds % 60 === 0;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: inMinutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(inMinutes ? seconds / 60 : seconds);
}
