// What the terminal says about failed rollouts: each failure class with its count, and the first
// message of each as a person reads it. Errors relayed hop by hop carry the next hop's JSON error
// inside their message text (escaped quotes and newlines); it is unwrapped to the plain message.
import { FAILURE_CLASS_KEY } from "../../shared/schemas/run.ts";
import type { Failure } from "./rollout.ts";

export interface FailureClass {
  failureClass: string;
  count: number;
  /** The first failure's message, unwrapped. */
  message: string;
}

/** The text of an error as relayed: `{message}` objects and JSON errors embedded in text, unwrapped. */
export function plainMessage(error: unknown): string {
  if (error !== null && typeof error === "object") {
    const { message, error: inner } = error as { message?: unknown; error?: unknown };
    if (typeof message === "string") return plainMessage(message);
    if (inner !== undefined) return plainMessage(inner);
    return JSON.stringify(error);
  }
  if (typeof error !== "string") return String(error);
  const start = error.indexOf('{"');
  // The longest JSON object from the first brace: the embedded error, followed by any plain note.
  for (let end = error.lastIndexOf("}"); start >= 0 && end > start; end = error.lastIndexOf("}", end - 1)) {
    let embedded: unknown;
    try {
      embedded = JSON.parse(error.slice(start, end + 1));
    } catch {
      continue;
    }
    return `${error.slice(0, start)}${plainMessage(embedded)}${error.slice(end + 1)}`;
  }
  return error;
}

export class FailureTally {
  readonly #classes = new Map<string, FailureClass>();

  add(failure: Failure): void {
    const failureClass = failure[FAILURE_CLASS_KEY];
    const known = this.#classes.get(failureClass);
    if (known) known.count++;
    else this.#classes.set(failureClass, { failureClass, count: 1, message: plainMessage(failure.error) });
  }

  /** Most frequent first. */
  classes(): FailureClass[] {
    return [...this.#classes.values()].sort((a, b) => b.count - a.count);
  }
}

/** The lines a terminal shows: the classes with their counts, then each one's first message. */
export function failureLines(classes: readonly FailureClass[]): string[] {
  if (classes.length === 0) return [];
  return [`failure classes: ${classes.map((c) => `${c.failureClass} ${c.count}`).join(", ")}`, ...classes.map((c) => `  first ${c.failureClass}: ${c.message}`)];
}
