// How a resources server runs model-written code: one POST /run to the sandbox its config names.
// A sandbox that cannot run the program at all (down, crashed, a bad answer, past the deadline)
// is an infrastructure failure: VerifierFailure `sandbox_failed`, so the row gets no reward.
// Running out of a limit is not: it is a result, for the verifier to score.
import { call } from "../client/call.ts";
import { VerifierFailure } from "../resources/failure.ts";
import { z } from "../zod.ts";
import { RunResultSchema } from "./schema.ts";
import type { RunRequestSchema, RunResult } from "./schema.ts";

export const SANDBOX_FAILED = "sandbox_failed";

/** A sandbox URL `sandbox://<name>` stands for a local sandbox process the stack starts. */
export const SANDBOX_SCHEME = "sandbox://";

/** What the server's config says about its sandbox. */
export const SandboxSettings = z.object({
  /** The sandbox's base URL (`sandbox://local`: the local provider the stack starts). */
  sandbox_url: z.string().min(1),
  /** The deadline of one execution's HTTP call, beyond its own wall limit. */
  sandbox_timeout_s: z.number().positive().default(150),
});
export type SandboxSettings = z.infer<typeof SandboxSettings>;

export async function runInSandbox(settings: SandboxSettings, request: z.input<typeof RunRequestSchema>): Promise<RunResult> {
  const hop = `${settings.sandbox_url}/run`;
  let answer;
  try {
    // Retried only when it cannot have run (refused before any response): a program is never run twice.
    answer = await call({ name: "sandbox", url: settings.sandbox_url }, "/run", { body: request, deadlineMs: settings.sandbox_timeout_s * 1000, attempts: 2 });
  } catch (err) {
    throw new VerifierFailure(SANDBOX_FAILED, `${hop}: ${(err as Error).message}`);
  }
  if (answer.status !== 200) throw new VerifierFailure(SANDBOX_FAILED, `${hop} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  let parsed;
  try {
    parsed = RunResultSchema.safeParse(JSON.parse(answer.text));
  } catch {
    throw new VerifierFailure(SANDBOX_FAILED, `${hop} answered a body that is not JSON`);
  }
  if (!parsed.success) throw new VerifierFailure(SANDBOX_FAILED, `${hop} answered a body that is not a run result`);
  return parsed.data;
}
