// The stateful Python tool (NeMo's stateful_python_code_exec): each cell runs in the rollout's own
// sandbox interpreter (the sandbox session is this server's session id, which the model cannot
// choose). The model sees the cell's stdout then stderr (a traceback included), joined by a
// newline, cut at code_exec_max_output_chars as the reference cuts it. The reference replays its
// earlier clean cells in a fresh process instead of keeping one; state carries over either way.
import type { CellResult } from "../../../shared/sandbox/schema.ts";

export const truncated = (text: string, limit: number) =>
  limit && text.length > limit ? `${text.slice(0, limit)}\n... [output truncated to ${limit} chars]` : text;

/** What the tool answers the model for one cell. */
export function cellOutput(cell: CellResult, timeoutS: number, limit: number): string {
  // The sandbox writes an exception's traceback to stderr; added here if it did not.
  const stderr = cell.traceback === null || cell.stderr.includes(cell.traceback) ? cell.stderr : cell.stderr + cell.traceback;
  const notes = cell.timed_out
    ? [`the cell ran past ${timeoutS} s and was stopped; the session was reset, so earlier variables are gone`]
    : cell.session_ended
      ? [`${cell.error ?? "the interpreter ended"}; the session was reset, so earlier variables are gone`]
      : [];
  return truncated([cell.stdout, stderr, ...notes].filter(Boolean).join("\n"), limit);
}
