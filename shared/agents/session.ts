// A rollout's session on its resources server (SPEC "simple_agent /run"): seed it with the row,
// verify what the episode produced, release it.
import { call, checkedJson, isRpc } from "../client/call.ts";
import { runnableTools } from "../resources/tool_names.ts";
import type { Item, ResponseObject, ResponsesCreateParams } from "../schemas/responses.ts";
import { HttpError } from "../server/errors.ts";
import { inputItems } from "./model.ts";
import { SeedSessionResponse, VerifyResponse } from "../schemas/run.ts";
import type { Description } from "../schemas/run.ts";
import type { RunRequest } from "../schemas/run.ts";
import { callResources } from "./hops.ts";
import type { ResourcesHop } from "./hops.ts";

// Per binding (one object per isolate): asked once, kept; null for a server that does not say.
const descriptions = new WeakMap<object, Description | null>();

/** What a resources server of ours says of itself (over RPC only; null otherwise). */
async function describe(hop: ResourcesHop): Promise<Description | null> {
  const { resources } = hop;
  if (!isRpc(resources)) return null;
  if (descriptions.has(resources.fetcher)) return descriptions.get(resources.fetcher)!;
  const result = await call(resources, "/describe", { deadlineMs: hop.resourcesDeadlineMs, deadlines: hop.deadlines });
  const description = result.status === 200 ? (result.body as Description) : null;
  descriptions.set(resources.fetcher, description);
  return description;
}

/** What seeding gave an agent: the tools the server runs in the session, and the prompt it made, if it made one. */
export interface Seeded {
  runByServer: readonly string[] | undefined;
  input: Item[];
}

/**
 * Seeds the session; the tools the server says it runs in it, where it says. A server whose seed
 * would only check the row's tools (it says so: /describe) gets no call: they are checked here.
 */
export async function seedSession(row: RunRequest, hop: ResourcesHop): Promise<Seeded> {
  const description = await describe(hop);
  if (description && !description.seeds) return { runByServer: runnableTools(row.responses_create_params.tools, description.tools), input: [] };
  const name = `${hop.resources.name}/seed_session`;
  const result = await callResources(hop, "/seed_session", row);
  const seeded = checkedJson(result, name, SeedSessionResponse, () => `${name} answered a body that is not a seed_session answer`);
  return { runByServer: seeded.callable_tools, input: seeded.input ?? [] };
}

/**
 * The row with the prompt the server made added after its own input. A row with no prompt at all
 * is the caller's error: there is nothing to ask the model.
 */
export function promptedRow(row: RunRequest, added: readonly Item[]): RunRequest {
  const params = row.responses_create_params;
  const input = added.length === 0 ? params.input : [...inputItems(params), ...added];
  if (Array.isArray(input) && input.length === 0) {
    throw new HttpError(400, "invalid_request", "responses_create_params.input: the row has no prompt, and its resources server made none at /seed_session (expected input messages, or a row the server generates a task from)");
  }
  return added.length === 0 ? row : { ...row, responses_create_params: { ...params, input } };
}

/** POST /verify with the row, the response and any extra fields; a reward or a failure class. */
export async function verify(body: RunRequest & { response: ResponseObject }, hop: ResourcesHop): Promise<VerifyResponse> {
  const name = `${hop.resources.name}/verify`;
  const result = await callResources(hop, "/verify", body);
  return checkedJson(result, name, VerifyResponse, () => `${name} answered without a numeric reward or a failure class`);
}

/**
 * Releasing state is housekeeping: the rollout is already scored, and the TTL is the backstop. A
 * server that set no session cookie keeps no session: there is nothing to close, and no call.
 */
export async function closeSession(hop: ResourcesHop): Promise<void> {
  if (!hop.resourcesJar.holds()) return;
  await callResources(hop, "/close_session", {}).catch((err) => console.warn(`close_session failed: ${(err as Error).message}`));
}

/**
 * Seed, play the episode (given the create params, with any prompt the server made, and the tools
 * the server runs), verify its response, release. The rollout records the prompt the model saw.
 */
export async function verifiedRollout(
  row: RunRequest,
  hop: ResourcesHop,
  episode: (params: ResponsesCreateParams, runByServer?: readonly string[]) => Promise<ResponseObject>,
): Promise<VerifyResponse> {
  const seeded = await seedSession(row, hop);
  const prompted = promptedRow(row, seeded.input);
  const response = await episode(prompted.responses_create_params, seeded.runByServer);
  const verified = await verify({ ...prompted, response }, hop);
  await closeSession(hop);
  return verified;
}
