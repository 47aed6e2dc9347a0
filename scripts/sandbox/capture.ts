// Keeps at most `cap` bytes of a stream and drains the rest, so a chatty program neither blocks on
// a full pipe nor grows the server's memory. A short tail is kept apart for diagnosis (MemoryError
// is printed last, after any amount of output).

const TAIL_BYTES = 4096;

export class CappedCapture {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private tailBuffer = Buffer.alloc(0);
  private readonly cap: number;
  truncated = false;

  constructor(cap: number) {
    this.cap = cap;
  }

  push(chunk: Buffer): void {
    const room = this.cap - this.kept;
    if (chunk.length > room) this.truncated = true;
    if (room > 0) {
      const part = chunk.subarray(0, room);
      this.chunks.push(part);
      this.kept += part.length;
    }
    this.tailBuffer = Buffer.concat([this.tailBuffer, chunk]).subarray(-TAIL_BYTES);
  }

  text(): string {
    // A cut may split a UTF-8 sequence; decoding replaces the broken end with U+FFFD.
    return Buffer.concat(this.chunks).toString("utf8");
  }

  tail(): string {
    return this.tailBuffer.toString("utf8");
  }
}
