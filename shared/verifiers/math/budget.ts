// An operation budget for one equivalence check. Workers do not advance their clocks while a
// request computes, so a clock deadline could not interrupt a runaway check: instead every step
// (parsing a character, evaluating a node, each multiplication of a factorial) spends units, and
// a check that runs out stops at once and counts as "not equivalent by library".
/** Units per check when the server's config sets none: ample for any real answer (npm run bench math). */
export const DEFAULT_BUDGET = 200_000;

export class BudgetExhausted extends Error {
  constructor(what: string) {
    super(`math check ran out of its operation budget (${what})`);
  }
}

export class Budget {
  private left: number;

  constructor(units: number) {
    this.left = units;
  }

  spend(units: number, what: string): void {
    this.left -= units;
    if (this.left < 0) throw new BudgetExhausted(what);
  }
}
