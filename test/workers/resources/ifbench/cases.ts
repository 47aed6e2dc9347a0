// What the check-table tests of IFBench's instructions share: tables of answers that follow and
// break each check (with the IFBench library's own verdicts), kwargs refused with their path, and
// ~500 KB hostile answers every check of a table must get through in linear time.
import { expect, test } from "vitest";
import type { Family } from "../../../../shared/instructions/instruction.ts";

/** [id, kwargs, answers that follow it, answers that do not, why (what a naive version gets wrong)] */
export type Case = [string, Record<string, unknown>, string[], string[], string];

export function runCases(family: Family, cases: readonly Case[]): void {
  test.each(cases)("%s %j", (id, kwargs, pass, fail) => {
    const instruction = family[id]!;
    const parsed = instruction.kwargs.parse(kwargs);
    for (const text of pass) expect(instruction.check(text, parsed), `should follow: ${JSON.stringify(text)}`).toBe(true);
    for (const text of fail) expect(instruction.check(text, parsed), `should not follow: ${JSON.stringify(text)}`).toBe(false);
  });
}

/** [instruction id, kwargs, answer, what the case shows, the library's verdict]. */
export type Verdict = [string, Record<string, unknown>, string, string, boolean];

export function verdictTests(family: Family, cases: Verdict[]) {
  test.each(cases)("%s: %j %#: %s", (id, kwargs, answer, _why, expected) => {
    const instruction = family[id]!;
    expect(instruction.check(answer, instruction.kwargs.parse(kwargs))).toBe(expected);
  });
}

/** The first issue's path when the kwargs are refused. */
export function refusedAt(family: Family, id: string, kwargs: Record<string, unknown>): PropertyKey[] | undefined {
  const parsed = family[id]!.kwargs.safeParse(kwargs);
  return parsed.success ? undefined : parsed.error.issues[0]!.path;
}

// Runs of one piece each: letters, brackets, quotes, line breaks, spaces, stars, sentence ends and
// abbreviations, emoji, CSV cells, question labels.
const PIECES = ["a", "ab", "(", '"\'', "\n", " ", " \n", "*-", "!?", ". ", "A. ", "Mr. A. ", "❤️. ", "x,\n", "Question 1\n", "a\n\n", "<i>"];
const SIZE = 500_000;

export function hostileTest(family: Family, kwargsFor: Record<string, Record<string, unknown>>) {
  test("every check gets through ~500 KB hostile answers in linear time", () => {
    for (const [id, instruction] of Object.entries(family)) {
      const kwargs = instruction.kwargs.parse(kwargsFor[id] ?? {});
      for (const piece of PIECES) {
        const answer = piece.repeat(Math.ceil(SIZE / piece.length));
        const started = performance.now();
        instruction.check(answer, kwargs);
        // Measured under 120 ms each on an idle machine; a quadratic scan would take minutes.
        expect(performance.now() - started, `${id} on ${JSON.stringify(piece)}`).toBeLessThan(5000);
      }
    }
  }, 300_000);
}
