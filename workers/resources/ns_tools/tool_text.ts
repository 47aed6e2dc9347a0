// What the stateful Python tool shows the model, as a notebook shows a cell: what it printed, then
// its last expression's value, then any error output (the traceback included). A cell that ran
// out of time or ended its interpreter says so, and that its variables are gone.
import type { CellResult } from "../../../shared/sandbox/schema.ts";

export const TRUNCATED = "... [output truncated]";

const cap = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars)}${TRUNCATED}` : text);

export function cellText(cell: CellResult, limits: { timeout_s: number; max_output_chars: number }): string {
  // The sandbox writes an exception's traceback to stderr; added here if it did not.
  const stderr = cell.traceback === null || cell.stderr.includes(cell.traceback) ? cell.stderr : cell.stderr + cell.traceback;
  const parts = [cell.stdout, cell.result ?? "", stderr].filter((part) => part !== "");
  if (cell.timed_out) parts.push(`Execution timed out after ${limits.timeout_s} s; the interpreter restarted, so earlier variables are gone.`);
  else if (cell.session_ended) parts.push(`${cell.error ?? "The interpreter ended"}; the next call starts a new interpreter, so earlier variables are gone.`);
  // Each part on its own line, without doubling a newline a part already ends with.
  const text = parts.reduce((joined, part) => (joined === "" || joined.endsWith("\n") ? joined + part : `${joined}\n${part}`), "");
  return cap(text, limits.max_output_chars);
}
