// An environment's databases, as its Worker ships them: one SQL script per database id, which the
// runner builds afresh in the sandbox for every query (query.ts), so no query ever sees another's
// database and none can change it for the next.
import type { Sandbox } from "../sandbox/client.ts";
import { runQuery } from "./query.ts";
import type { QueryAnswer } from "./query.ts";
import type { QueryBudget } from "./settings.ts";

/** Gold answers remembered per isolate: every rollout of a task asks for the same one. */
const GOLD_ANSWERS = 256;

export class SqlCatalog {
  readonly #files: Readonly<Record<string, string>>;
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

  /**
   * As `query`, for a gold query: its answer depends only on the query, the bundled file and the
   * budget, so it is asked once and remembered (the most recent GOLD_ANSWERS of them). An
   * infrastructure failure is not remembered, nor a timeout: a busy machine may have caused it.
   */
  gold(sandbox: Sandbox, id: string, sql: string, budget: QueryBudget): Promise<QueryAnswer> {
    const key = JSON.stringify([id, sql, budget]);
    let answer = this.#gold.get(key);
    if (!answer) {
      answer = this.query(sandbox, id, sql, budget);
      this.#gold.set(key, answer);
      const forget = () => this.#gold.delete(key);
      answer.then((a) => a.kind === "refused" && a.reason === "timeout" && forget(), forget);
      if (this.#gold.size > GOLD_ANSWERS) this.#gold.delete(this.#gold.keys().next().value!);
    }
    return answer;
  }

  /** Runs `sql` on database `id` (one the catalog has). */
  query(sandbox: Sandbox, id: string, sql: string, budget: QueryBudget): Promise<QueryAnswer> {
    return runQuery(sandbox, this.#files[id]!, sql, budget);
  }
}
