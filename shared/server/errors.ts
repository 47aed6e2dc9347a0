// One error shape for every server: `{"error": {"type", "message", ...}}`. Handlers throw
// HttpError; the app's error handler turns it into JSON, so no route formats errors by hand.
import type { z } from "../zod.ts";

export interface Issue {
  path: string;
  message: string;
}

export class HttpError extends Error {
  readonly status: number;
  readonly type: string;
  readonly details: Record<string, unknown>;

  constructor(status: number, type: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.details = details;
  }

  toJSON() {
    return { error: { type: this.type, message: this.message, ...this.details } };
  }
}

export function formatPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const key of path) {
    out += typeof key === "number" ? `[${key}]` : out ? `.${String(key)}` : String(key);
  }
  return out || "(body)";
}

// A union failure lists every branch; show only the branch that got furthest, which is the one
// the author meant (e.g. the function_call branch for an item with type "function_call").
function flatten(issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[]): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const depth = (branch: readonly z.core.$ZodIssue[]) => Math.max(...branch.map((i) => i.path.length));
      const best = issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
      out.push(...flatten(best, path));
    } else if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ path: formatPath([...path, key]), message: "unknown field" });
    } else {
      out.push({ path: formatPath(path), message: issue.message });
    }
  }
  return out;
}

export function zodIssues(error: z.ZodError, base: readonly PropertyKey[] = []): Issue[] {
  return flatten(error.issues, base);
}

export function invalidRequest(issues: Issue[]): HttpError {
  const summary = issues
    .slice(0, 5)
    .map((i) => `${i.path}: ${i.message}`)
    .join("; ");
  const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : "";
  return new HttpError(400, "invalid_request", summary + more, { issues });
}
