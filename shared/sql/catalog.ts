// An environment's databases: the small ones its Worker ships, one SQL script per database id,
// which the runner builds afresh in the sandbox for every query (query.ts); and, when its config
// names one, a folder of real SQLite databases that the sandbox mounts read-only (folders.ts).
// Either way no query ever sees another's database, and none can change it for the next.
import type { Sandbox } from "../sandbox/client.ts";
import { runQuery } from "./query.ts";
import type { DatabaseSource, QueryAnswer } from "./query.ts";
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

  /** Database `id`: a bundled one, else the one of that name in `folder` (a folder key's value), else none. */
  source(id: string, folder: string | undefined): DatabaseSource | undefined {
    if (Object.hasOwn(this.#files, id)) return { script: this.#files[id]! };
    return folder === undefined ? undefined : { folder, id };
  }

  /**
   * As `query`, for a gold query: its answer depends only on the query, the database and the
   * budget, so it is asked once and remembered (the most recent GOLD_ANSWERS of them). An
   * infrastructure failure is not remembered, nor a timeout: a busy machine may have caused it.
   */
  gold(sandbox: Sandbox, id: string, source: DatabaseSource, sql: string, budget: QueryBudget): Promise<QueryAnswer> {
    const key = JSON.stringify([id, "folder" in source ? source.folder : null, sql, budget]);
    let answer = this.#gold.get(key);
    if (!answer) {
      answer = runQuery(sandbox, source, sql, budget);
      this.#gold.set(key, answer);
      const forget = () => this.#gold.delete(key);
      answer.then((a) => a.kind === "refused" && a.reason === "timeout" && forget(), forget);
      if (this.#gold.size > GOLD_ANSWERS) this.#gold.delete(this.#gold.keys().next().value!);
    }
    return answer;
  }
}
