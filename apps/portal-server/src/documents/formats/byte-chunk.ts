/** Bytes per chunk a byte writer hands out: about what the text chunks hold (`CHUNK_CHARS`). */
export const CHUNK_BYTES = 64 * 1024;

const MINUS = 0x2d;
// Strings up to this long are copied byte by byte while ASCII; longer ones go through Buffer.write.
const SHORT = 32;
const ZERO = 0x30;

/**
 * Writes a document's bytes straight into fixed-size buffers, which `take()` hands out one full chunk at a time:
 * no string per value, no joined line, no UTF-8 encoding of the whole chunk afterwards. Safe integers are written
 * digit by digit; short ASCII strings byte by byte; others with `Buffer.write` (UTF-8). A value longer than what is left of a chunk starts the next
 * one, and a string longer than a chunk gets a buffer of its own.
 *
 * ```ts
 * const out = new ByteChunks();
 * out.string('a'); out.byte(0x2c); out.integer(42); out.string('\r\n');
 * if (out.full) yield out.take();
 * ```
 */
export class ByteChunks {
  #buffer: Buffer;
  #at = 0;
  readonly #size: number;
  #ready: Buffer[] = [];

  constructor(size = CHUNK_BYTES) {
    this.#size = size;
    this.#buffer = Buffer.allocUnsafe(size);
  }

  /** Whether a chunk is ready for `take()`. */
  get full(): boolean {
    return this.#ready.length > 0;
  }

  /** The chunks that are ready, oldest first, as one buffer when there is one (the usual case). */
  take(): Buffer {
    const ready = this.#ready;
    this.#ready = [];
    return ready.length === 1 ? (ready[0] as Buffer) : Buffer.concat(ready);
  }

  /** What is written and not yet taken (at the end of the document). */
  rest(): Buffer {
    this.#seal();
    return this.take();
  }

  byte(value: number): void {
    if (this.#at >= this.#size) this.#seal();
    this.#buffer[this.#at++] = value;
  }

  /** `text` as UTF-8; a short one (an id, a date) byte by byte while it is ASCII, cheaper than `Buffer.write`. */
  string(text: string): void {
    const length = text.length;
    if (length > SHORT) {
      this.#encoded(text);
      return;
    }
    if (this.#at + length > this.#size) this.#seal();
    const buffer = this.#buffer;
    let at = this.#at;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) {
        this.#at = at;
        this.#encoded(i === 0 ? text : text.slice(i));
        return;
      }
      buffer[at++] = code;
    }
    this.#at = at;
  }

  #encoded(text: string): void {
    const most = text.length * 3; // UTF-8 bytes a UTF-16 code unit can take
    if (this.#at + most > this.#size) {
      this.#seal();
      if (most > this.#size) {
        this.#ready.push(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.#at += this.#buffer.write(text, this.#at);
  }

  /** A number as `String(value)` writes it; safe integers without making that string. */
  number(value: number): void {
    if (!Number.isSafeInteger(value)) {
      this.string(String(value));
      return;
    }
    if (this.#at + 17 > this.#size) this.#seal(); // a sign and 16 digits
    const buffer = this.#buffer;
    let n = value;
    if (n < 0) {
      buffer[this.#at++] = MINUS;
      n = -n;
    }
    const start = this.#at;
    do {
      const next = Math.floor(n / 10);
      buffer[this.#at++] = ZERO + (n - next * 10);
      n = next;
    } while (n > 0);
    // The digits went in lowest first.
    for (let i = start, j = this.#at - 1; i < j; i++, j--) {
      const digit = buffer[i] as number;
      buffer[i] = buffer[j] as number;
      buffer[j] = digit;
    }
  }

  #seal(): void {
    if (this.#at === 0) return;
    this.#ready.push(this.#buffer.subarray(0, this.#at));
    this.#buffer = Buffer.allocUnsafe(this.#size);
    this.#at = 0;
  }
}
