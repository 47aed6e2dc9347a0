// A user's constraint on an event, as the reference spells it in exp_cal_state: "before X" (ends
// by X), "after X" (starts at or after X), "between X and Y", "at X" (starts at X); any other text,
// or none, constrains nothing.

export type Constraint = { kind: "before" | "after" | "at"; time: string } | { kind: "between"; from: string; to: string } | { kind: "none" };

/** The constraint, or undefined for a "between" without exactly two times. */
export function parseConstraint(constraint: string | null): Constraint | undefined {
  // In the reference's order; the keyword is removed wherever it occurs, as it removes it.
  for (const kind of ["before", "after", "between", "at"] as const) {
    if (constraint === null || !constraint.startsWith(`${kind} `)) continue;
    const rest = constraint.replaceAll(`${kind} `, "");
    if (kind !== "between") return { kind, time: rest };
    const times = rest.split(" and ");
    return times.length === 2 ? { kind, from: times[0]!, to: times[1]! } : undefined;
  }
  return { kind: "none" };
}

/** The times a constraint names. */
export const constraintTimes = (c: Constraint): string[] => (c.kind === "none" ? [] : c.kind === "between" ? [c.from, c.to] : [c.time]);
