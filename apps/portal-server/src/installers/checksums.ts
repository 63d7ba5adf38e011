/** One line of a SHA256SUMS file. */
export interface ChecksumEntry {
  fileName: string;
  /** Lower-case hex. */
  sha256: string;
}

/**
 * A SHA256SUMS file as `sha256sum` writes it and `sha256sum -c` reads it: `<hex>  <name>` per line (two spaces:
 * text mode), sorted by name, with a final newline.
 *
 * ```ts
 * checksumsFile([{ fileName: 'a.msi', sha256: 'ab…' }]); // 'ab…  a.msi\n'
 * ```
 */
export function checksumsFile(entries: readonly ChecksumEntry[]): string {
  return [...entries]
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0))
    .map(({ fileName, sha256 }) => {
      if (!/^[0-9a-f]{64}$/.test(sha256)) throw new RangeError(`not a SHA-256: ${sha256}`);
      if (!/^[A-Za-z0-9._-]+$/.test(fileName)) throw new RangeError(`not a plain file name: ${fileName}`);
      return `${sha256}  ${fileName}\n`;
    })
    .join('');
}

/** The entries of a SHA256SUMS file (either mode marker); lines that are not entries are left out. */
export function parseChecksumsFile(text: string): ChecksumEntry[] {
  const entries: ChecksumEntry[] = [];
  for (const line of text.split('\n')) {
    const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line);
    if (match !== null) entries.push({ sha256: (match[1] ?? '').toLowerCase(), fileName: match[2] ?? '' });
  }
  return entries;
}
