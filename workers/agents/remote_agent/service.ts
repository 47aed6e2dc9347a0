// One call of the external agent service: POST <agent_base_url>/v1/responses with the conversation
// so far, its bearer token and its own cookies (the service may keep per-rollout state in them),
// within remote_responses_timeout_secs. Connections refused or reset before an answer are retried
// (bounded); anything else that is not a Responses object is the service's failure: an
// infrastructure failure of class `remote_agent_error` (NeMo Gym's), never a reward.
import { SNIPPET_CHARS, call } from "../../../shared/client/call.ts";
import type { Target } from "../../../shared/client/call.ts";
import { CookieJar } from "../../../shared/client/cookies.ts";
import { ResponseObject } from "../../../shared/schemas/responses.ts";
import type { Item, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import type { RemoteAgentConfig } from "./config.ts";

export const REMOTE_AGENT_FAILURE = "remote_agent_error";

export interface ServiceHop {
  target: Target;
  jar: CookieJar;
  deadlineMs: number;
  headers: Record<string, string>;
}

// Relative, so a base URL with a path keeps it.
const ROUTE = "v1/responses";

/** A fresh jar: one rollout's hop to the service. */
export function serviceHop(config: RemoteAgentConfig): ServiceHop {
  return {
    target: { name: `${config.agent_base_url}/`, url: `${config.agent_base_url}/` },
    jar: new CookieJar(),
    deadlineMs: config.remote_responses_timeout_secs * 1000,
    headers: config.agent_api_key ? { authorization: `Bearer ${config.agent_api_key}` } : {},
  };
}

const failure = (status: number, hop: string, message: string) => new HttpError(status, REMOTE_AGENT_FAILURE, message, { hop });

function parse(text: string, hop: string): ResponseObject {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw failure(502, hop, `${hop} answered a body that is not JSON: ${text.slice(0, SNIPPET_CHARS)}`);
  }
  const parsed = ResponseObject.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw failure(502, hop, `${hop} answered a body that is not a Responses object: ${issue?.path.join(".") || "(body)"}: ${issue?.message}`);
  }
  return parsed.data;
}

export async function callService(params: ResponsesCreateParams, input: Item[], hop: ServiceHop, signal?: AbortSignal): Promise<ResponseObject> {
  const name = `${hop.target.name}${ROUTE}`;
  let result;
  try {
    result = await call(hop.target, ROUTE, { body: { ...params, input }, headers: hop.headers, deadlineMs: hop.deadlineMs, jar: hop.jar, signal });
  } catch (err) {
    if (!(err instanceof HttpError) || err.status === 499) throw err;
    const hint = err.status === 504 ? " (remote_responses_timeout_secs; raise it if the service's calls legitimately take longer)" : "";
    throw failure(err.status, name, `${err.message}${hint}`);
  }
  if (result.status < 200 || result.status >= 300) throw failure(502, name, `${name} answered ${result.status}: ${result.text.slice(0, SNIPPET_CHARS)}`);
  return parse(result.text, name);
}
