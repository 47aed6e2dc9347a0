// A cookie jar for one upstream server: what it set is replayed to it and to no one else
// (SPEC "Cookies": resources and model servers each keep their own session).
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  absorb(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
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
