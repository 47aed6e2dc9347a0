// An environment's databases, as its Worker ships them: one SQL file per database id, each loaded
// into its own Durable Object (durable_objects/sql_database_do.ts), named by the id, on first use.
// A file's version is its content hash, so an edited file is loaded again without anyone bumping
// a number. An object that cannot be reached, or does not answer in time, is an infrastructure
// failure (VerifierFailure): never a wrong answer.
import { VerifierFailure } from "../resources/failure.ts";
import type { QueryAnswer, QueryBudget } from "./execute.ts";

/** What a database object answers (durable_objects/sql_database_do.ts implements it). */
export interface DatabaseObject {
  load(version: string, script: string): void | Promise<void>;
  query(version: string, query: string, budget: QueryBudget): QueryAnswer | { kind: "not_loaded" } | Promise<QueryAnswer | { kind: "not_loaded" }>;
}

/** The binding through which a Worker reaches its database objects. */
export const DATABASES_BINDING = "DATABASES";

const DATABASE_UNAVAILABLE = "database_unavailable";

/** Gold answers remembered per isolate: every rollout of a task asks for the same one. */
const GOLD_ANSWERS = 256;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer = 0;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new VerifierFailure(DATABASE_UNAVAILABLE, `${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export class SqlCatalog {
  readonly #files: Readonly<Record<string, string>>;
  readonly #versions = new Map<string, Promise<string>>();
  readonly #gold = new Map<string, Promise<QueryAnswer>>();

  /** `files`: database id -> the SQL that creates and fills it. */
  constructor(files: Readonly<Record<string, string>>) {
    this.#files = files;
  }

  get ids(): string[] {
    return Object.keys(this.#files).sort();
  }

  has(id: string): boolean {
    return Object.hasOwn(this.#files, id);
  }

  #version(id: string): Promise<string> {
    let version = this.#versions.get(id);
    if (!version) this.#versions.set(id, (version = sha256(this.#files[id]!)));
    return version;
  }

  /**
   * As `query`, for a gold query: its answer depends only on the query, the bundled file and the
   * budget, so it is asked once and remembered (the most recent GOLD_ANSWERS of them); an
   * infrastructure failure is not remembered.
   */
  gold(env: object, id: string, query: string, budget: QueryBudget, timeoutMs: number): Promise<QueryAnswer> {
    const key = JSON.stringify([id, query, budget]);
    let answer = this.#gold.get(key);
    if (!answer) {
      answer = this.query(env, id, query, budget, timeoutMs);
      this.#gold.set(key, answer);
      answer.catch(() => this.#gold.delete(key));
      if (this.#gold.size > GOLD_ANSWERS) this.#gold.delete(this.#gold.keys().next().value!);
    }
    return answer;
  }

  /** Runs `query` on database `id` (one the catalog has), loading its file first if the object lacks it. */
  async query(env: object, id: string, query: string, budget: QueryBudget, timeoutMs: number): Promise<QueryAnswer> {
    const namespace = (env as Record<string, unknown>)[DATABASES_BINDING] as DurableObjectNamespace | undefined;
    if (typeof namespace?.idFromName !== "function") throw new VerifierFailure(DATABASE_UNAVAILABLE, `this Worker has no ${DATABASES_BINDING} binding`);
    const version = await this.#version(id);
    const database = namespace.get(namespace.idFromName(id)) as unknown as DatabaseObject;
    const run = async (): Promise<QueryAnswer> => {
      const first = await database.query(version, query, budget);
      if (first.kind !== "not_loaded") return first;
      await database.load(version, this.#files[id]!);
      const second = await database.query(version, query, budget);
      if (second.kind === "not_loaded") throw new VerifierFailure(DATABASE_UNAVAILABLE, `database ${id} did not keep version ${version}`);
      return second;
    };
    try {
      return await withDeadline(run(), timeoutMs, `database ${id}`);
    } catch (err) {
      if (err instanceof VerifierFailure) throw err;
      throw new VerifierFailure(DATABASE_UNAVAILABLE, `database ${id}: ${(err as Error).message}`);
    }
  }
}
