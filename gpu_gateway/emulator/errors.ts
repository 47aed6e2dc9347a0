// Errors in the OpenAI shape vLLM answers with: {"error": {"message", "type", "param", "code"}}.
// Handlers throw ApiError; the server turns it into the response.
import type { z } from "../../shared/zod.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly param: string | null;
  readonly code: string | null;

  constructor(status: number, message: string, details: { type?: string; param?: string | null; code?: string | null } = {}) {
    super(message);
    this.status = status;
    this.type = details.type ?? "invalid_request_error";
    this.param = details.param ?? null;
    this.code = details.code ?? null;
  }

  toJSON() {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out || "(body)";
}

// A union failure lists every branch; report the branch that got furthest, the one the caller meant.
function flatten(issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[]): { path: string; message: string }[] {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const depth = (branch: readonly z.core.$ZodIssue[]) => Math.max(...branch.map((i) => i.path.length));
      return flatten(issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a)), path);
    }
    return [{ path: formatPath(path), message: issue.message }];
  });
}

export function invalidBody(error: z.ZodError): ApiError {
  const issues = flatten(error.issues, []);
  const message = issues
    .slice(0, 5)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join("; ");
  return new ApiError(400, message, { param: issues[0]?.path ?? null });
}
