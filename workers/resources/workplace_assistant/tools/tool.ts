// A workplace tool, in the reference's contract: its arguments by the reference's schema (a
// missing or null argument is absent, as the reference's tool route drops None), and its answer
// under `output`, as that route wraps it. Checks on values (a bad id, an unknown field) are not
// errors: they answer the reference's message for the model to read. Text filters match as
// parts, ignoring case, and literally (the reference's pandas reads them as regular expressions,
// which for words and addresses matches the same).
import { z } from "../../../../shared/zod.ts";
import { tool } from "../../../../shared/resources/define.ts";
import type { Tool } from "../../../../shared/resources/define.ts";
import type { SessionState } from "../../../../shared/session/session.ts";

const withoutNulls = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) : value;

/** A tool's arguments: the fields of its JSON schema, described as the model reads them. */
export const args = <S extends z.ZodRawShape>(description: string, shape: S) => z.preprocess(withoutNulls, z.strictObject(shape).describe(description));

export const text = (description: string) => z.string().describe(description);
export const integer = (description: string) => z.number().int().describe(description);
/** A page size: at least one row per page (the reference divides by it). */
export const pageSize = (description: string) => z.number().int().positive().describe(description);

export function workplaceTool<I extends z.ZodType>(input: I, run: (args: z.output<I>, state: SessionState) => Promise<unknown>): Tool<I> {
  return tool({
    input,
    async run(parsed, { session }) {
      // A session never seeded (or closed) has no world: its state answers 400 session_not_seeded.
      return { output: await run(parsed, session.state) };
    },
  });
}
