// An object's own tables, created on its first write rather than when it starts. deleteAll drops
// a SQLite object's tables: creating them again at once, or on every start, would leave every
// object ever used (every released session, every expired rollout) holding a schema forever, so
// its storage is never freed. Created lazily, an object that stores nothing holds nothing.

export class LazyTables {
  readonly #sql: SqlStorage;
  readonly #schema: readonly string[];
  /** The table whose presence says the schema is there (they are created and dropped together). */
  readonly #probe: string;
  /** Known to exist; false until checked or created, and again after a deleteAll. */
  #exist = false;

  constructor(sql: SqlStorage, schema: readonly string[], probe: string) {
    this.#sql = sql;
    this.#schema = schema;
    this.#probe = probe;
  }

  /** Before a read: false when the object has never stored anything (or has deleted it all). */
  exist(): boolean {
    this.#exist ||= this.#sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", this.#probe).toArray().length > 0;
    return this.#exist;
  }

  /** Before a write. */
  create(): void {
    if (this.#exist) return;
    for (const statement of this.#schema) this.#sql.exec(statement);
    this.#exist = true;
  }

  /** After deleteAll, which dropped them. */
  dropped(): void {
    this.#exist = false;
  }
}
