// Before the first rollout, each model server the rows' agents call answers one short request: a
// policy endpoint that cannot be reached (vLLM not started, a wrong base_url or key) is then one
// line naming it and its error, not a failures file full of the same transport error. A model that
// is only slow is no reason to refuse: a probe without an answer in time lets the run go on.
import { call } from "../../shared/client/call.ts";
import { HttpError } from "../../shared/server/errors.ts";
import { bearer } from "./head.ts";
import type { InstanceInfo } from "./head.ts";
import { plainMessage } from "./failure_tally.ts";
import { first } from "./task_check.ts";
import type { Mapping } from "./task_check.ts";

const PROBE = { input: "Reply with OK.", max_output_tokens: 16 };
// Long enough for a loaded server to answer 16 tokens; short, as a run waits for it before any rollout.
const PROBE_DEADLINE_MS = 10_000;

/** Where a model instance sends its calls, as its config says (vLLM's base_url, an OpenAI-compatible openai_base_url). */
function endpointOf(config: Record<string, unknown> | undefined): string | undefined {
  const url = config?.base_url ?? config?.openai_base_url;
  return Array.isArray(url) ? url.join(", ") : typeof url === "string" ? url : undefined;
}

export class EndpointError extends Error {}

/** Throws an EndpointError naming the first model server that cannot reach its endpoint. */
export async function checkPolicyEndpoints(authToken: string | undefined, config: Mapping, instances: readonly InstanceInfo[], agents: Iterable<string>, log: (line: string) => void): Promise<void> {
  const models = new Set([...agents].flatMap((agent) => {
    const name = (first(first(config[agent]))?.model_server as { name?: unknown } | undefined)?.name;
    return typeof name === "string" ? [name] : [];
  }));
  for (const model of models) {
    const url = instances.find((i) => i.name === model && i.server_type === "responses_api_models")?.url;
    if (url === undefined) continue;
    const endpoint = endpointOf(first(first(config[model])));
    const refuse = (why: string) => new EndpointError(`${model} cannot reach its endpoint${endpoint ? ` ${endpoint}` : ""} (checked before any rollout): ${why}`);
    let answer: { status: number; text: string };
    const slow = () => log(`${model} gave no answer to a short request within ${PROBE_DEADLINE_MS / 1000} s; going on.`);
    try {
      answer = await call({ name: model, url }, "/v1/responses", { body: PROBE, deadlineMs: PROBE_DEADLINE_MS, headers: bearer(authToken) });
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 504)) throw refuse(plainMessage((err as Error).message));
      slow();
      continue;
    }
    if (answer.status === 504) slow();
    if (answer.status === 200 || answer.status === 429 || answer.status === 504) continue;
    let error: unknown = answer.text;
    try {
      error = JSON.parse(answer.text);
    } catch {
      // Not JSON: the text is the message.
    }
    throw refuse(`${answer.status}: ${plainMessage(error)}`);
  }
}
