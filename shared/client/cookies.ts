// A cookie jar for one upstream server: what it set is replayed to it and to no one else
// (SPEC "Cookies": resources and model servers each keep their own session). Over RPC the server
// gives the one value to replay directly (`session`), with no cookie syntax around it.
export class CookieJar {
  readonly #cookies = new Map<string, string>();
  /** What a server answering over RPC gave to replay (its session id, or its endpoint pin). */
  session: string | undefined;

  /** Keeps what an RPC answer says to replay: a value, null to forget it, undefined for no change. */
  keep(session: string | null | undefined): void {
    if (session !== undefined) this.session = session ?? undefined;
  }

  /** Whether the server gave anything to replay: a session it keeps, over HTTP or RPC. */
  holds(): boolean {
    return this.#cookies.size > 0 || this.session !== undefined;
  }

  absorb(headers: Headers): void {
    this.absorbLines(headers.getSetCookie());
  }

  /** Set-Cookie lines, as an RPC answer carries them (server/rpc.ts). */
  absorbLines(lines: readonly string[]): void {
    for (const line of lines) {
      const pair = line.split(";", 1)[0] ?? "";
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/;\s*max-age=0\b/i.test(line) || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string | undefined {
    if (this.#cookies.size === 0) return undefined;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
