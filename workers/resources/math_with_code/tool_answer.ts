// What execute_python answers the model: NeMo Gym's {success, stdout, stderr, error_message,
// result}, made from the sandbox's cell result. A cell that raised, ran out of time or ended its
// interpreter is `success: false`, with a line saying what happened (and, where the interpreter
// is gone, that its variables went with it).
import { z } from "../../../shared/zod.ts";
import type { CellResult } from "../../../shared/sandbox/schema.ts";

export const ExecutePythonAnswer = z.object({
  success: z.boolean(),
  stdout: z.string(),
  stderr: z.string(),
  error_message: z.string().nullable(),
  /** str() of the cell's last expression. */
  result: z.string().nullable(),
});
export type ExecutePythonAnswer = z.infer<typeof ExecutePythonAnswer>;

export const TRUNCATED = "... [output truncated]";

const cap = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars)}${TRUNCATED}` : text);

function errorMessage(cell: CellResult, limitS: number): string | null {
  if (cell.timed_out) return `execution timed out after ${limitS} s; the session was restarted, so earlier variables are gone`;
  if (cell.session_ended) return `${cell.error ?? "the interpreter ended"}; the next execution starts a new session, so earlier variables are gone`;
  return cell.error;
}

export function toolAnswer(cell: CellResult, limits: { max_execution_time: number; max_output_chars: number }): ExecutePythonAnswer {
  const message = errorMessage(cell, limits.max_execution_time);
  // The sandbox writes an exception's traceback to stderr; added here if it did not.
  const stderr = cell.traceback === null || cell.stderr.includes(cell.traceback) ? cell.stderr : cell.stderr + cell.traceback;
  return {
    success: message === null,
    stdout: cap(cell.stdout, limits.max_output_chars),
    stderr: cap(stderr, limits.max_output_chars),
    error_message: message,
    result: cell.result === null ? null : cap(cell.result, limits.max_output_chars),
  };
}
