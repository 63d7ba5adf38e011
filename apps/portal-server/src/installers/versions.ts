/** A release version: semantic-versioning `1.4.0` or `1.5.0-beta.2` (no build metadata), at most 64 characters. */
export const VERSION_PATTERN =
  '^(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})\\.(0|[1-9]\\d{0,5})(-[0-9A-Za-z]+(\\.[0-9A-Za-z]+)*)?$';
const VERSION = new RegExp(VERSION_PATTERN);

export function isVersion(value: string): boolean {
  return value.length <= 64 && VERSION.test(value);
}

/**
 * Semantic-versioning precedence: negative when `a` comes before `b`. A pre-release comes before its release;
 * numeric identifiers compare as numbers and before alphanumeric ones.
 *
 * ```ts
 * ['1.10.0', '1.9.0', '1.10.0-rc.1'].sort(compareVersions); // ['1.9.0', '1.10.0-rc.1', '1.10.0']
 * ```
 */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', preA] = splitOnce(a);
  const [coreB = '', preB] = splitOnce(b);
  const numbersA = coreA.split('.').map(Number);
  const numbersB = coreB.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const difference = (numbersA[i] ?? 0) - (numbersB[i] ?? 0);
    if (difference !== 0) return difference;
  }
  if (preA === undefined || preB === undefined) {
    if (preA === preB) return 0;
    return preA === undefined ? 1 : -1;
  }
  const partsA = preA.split('.');
  const partsB = preB.split('.');
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i += 1) {
    const x = partsA[i];
    const y = partsB[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xNumeric = /^\d+$/.test(x);
    const yNumeric = /^\d+$/.test(y);
    if (xNumeric && yNumeric) {
      if (Number(x) !== Number(y)) return Number(x) - Number(y);
    } else if (xNumeric !== yNumeric) {
      return xNumeric ? -1 : 1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

function splitOnce(version: string): [string, string | undefined] {
  const dash = version.indexOf('-');
  return dash === -1 ? [version, undefined] : [version.slice(0, dash), version.slice(dash + 1)];
}
