// How a resources server runs model-written code: `POST /run` (once) or a session's cells, on the
// sandbox its config names. A sandbox that cannot run the code at all (down, crashed, full, a bad
// answer, past the deadline) is an infrastructure failure: VerifierFailure `sandbox_failed`, so
// the row gets no reward. Running out of a limit is not: it is a result, for the verifier to score.
import { call } from "../client/call.ts";
import type { FetcherLike, Target } from "../client/call.ts";
import { VerifierFailure } from "../resources/failure.ts";
import { z } from "../zod.ts";
import { CellResultSchema, RunResultSchema } from "./schema.ts";
import type { CellRequestSchema, CellResult, RunRequestSchema, RunResult } from "./schema.ts";

export const SANDBOX_FAILED = "sandbox_failed";

/** `sandbox://local` stands for the local sandbox process the stack starts; `sandbox://cloudflare` for the deployment's sandbox Worker. */
export const SANDBOX_SCHEME = "sandbox://";

/** What the server's config says about its sandbox. */
export const SandboxSettings = z.object({
  /** The sandbox's base URL (`sandbox://local`: the local provider the stack starts). */
  sandbox_url: z.string().min(1),
  /** The deadline of one execution's HTTP call, beyond its own wall limit. */
  sandbox_timeout_s: z.number().positive().default(150),
});
export type SandboxSettings = z.infer<typeof SandboxSettings>;

/** Where calls go: the configured URL, or a service binding when the Worker has one for it. */
export interface Sandbox {
  settings: SandboxSettings;
  fetcher?: FetcherLike;
  /** Sent as `Authorization: Bearer`: the token a local stack gives its sandbox and its Workers (target.ts). */
  token?: string;
}

interface Exchange {
  method?: "GET" | "POST" | "DELETE";
  body?: unknown;
  /** Retried only when it cannot have run (refused before any response): code never runs twice. */
  attempts: number;
}

async function exchange<T>(sandbox: Sandbox, path: string, schema: z.ZodType<T>, what: string, options: Exchange): Promise<T> {
  const { settings, fetcher, token } = sandbox;
  const target: Target = fetcher ? { name: "sandbox", fetcher } : { name: "sandbox", url: settings.sandbox_url };
  const hop = `${settings.sandbox_url}${path}`;
  let answer;
  try {
    const headers = token === undefined ? undefined : { authorization: `Bearer ${token}` };
    answer = await call(target, path, { method: options.method, body: options.body, headers, deadlineMs: settings.sandbox_timeout_s * 1000, attempts: options.attempts });
  } catch (err) {
    throw new VerifierFailure(SANDBOX_FAILED, `${hop}: ${(err as Error).message}`);
  }
  if (answer.status !== 200) throw new VerifierFailure(SANDBOX_FAILED, `${hop} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  let parsed;
  try {
    parsed = schema.safeParse(JSON.parse(answer.text));
  } catch {
    throw new VerifierFailure(SANDBOX_FAILED, `${hop} answered a body that is not JSON`);
  }
  if (!parsed.success) throw new VerifierFailure(SANDBOX_FAILED, `${hop} answered a body that is not ${what}`);
  return parsed.data;
}

const sandboxOf = (s: Sandbox | SandboxSettings): Sandbox => ("settings" in s ? s : { settings: s });

/** Runs a program once, in a fresh sandbox. */
export function runInSandbox(sandbox: Sandbox | SandboxSettings, request: z.input<typeof RunRequestSchema>): Promise<RunResult> {
  return exchange(sandboxOf(sandbox), "/run", RunResultSchema, "a run result", { body: request, attempts: 2 });
}

const sessionPath = (session: string) => `/sessions/${encodeURIComponent(session)}`;

/** Runs a cell in session `session`, opening it (with the request's limits) if it is not open. */
export function runCell(sandbox: Sandbox | SandboxSettings, session: string, request: z.input<typeof CellRequestSchema>): Promise<CellResult> {
  return exchange(sandboxOf(sandbox), `${sessionPath(session)}/cells`, CellResultSchema, "a cell result", { body: request, attempts: 2 });
}

const ClosedSchema = z.object({ closed: z.boolean() });

/** Ends session `session` and frees what it held; `closed` is false when it was not open. */
export async function closeSandboxSession(sandbox: Sandbox | SandboxSettings, session: string): Promise<boolean> {
  return (await exchange(sandboxOf(sandbox), sessionPath(session), ClosedSchema, "a close answer", { method: "DELETE", attempts: 3 })).closed;
}
