// Complete lines of a byte stream, each at most `limit` bytes. Only the bytes that arrived are
// scanned for a newline, so a stream without one costs linear time, and at most `limit` bytes wait.

class LineTooLong extends Error {}

export class LineReader {
  private readonly limit: number;
  private parts: Buffer[] = [];
  private size = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** The lines `chunk` completes, without their newline; throws LineTooLong past the limit. */
  push(chunk: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let start = 0;
    let newline;
    while ((newline = chunk.indexOf(10, start)) >= 0) {
      this.check(newline - start);
      lines.push(this.parts.length ? Buffer.concat([...this.parts, chunk.subarray(start, newline)]) : chunk.subarray(start, newline));
      this.parts = [];
      this.size = 0;
      start = newline + 1;
    }
    if (start < chunk.length) {
      this.check(chunk.length - start);
      this.parts.push(chunk.subarray(start));
      this.size += chunk.length - start;
    }
    return lines;
  }

  private check(more: number): void {
    if (this.size + more > this.limit) throw new LineTooLong(`a line over ${this.limit} bytes`);
  }
}
