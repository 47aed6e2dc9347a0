// One model call of an agent loop: the create params with the episode's input so far, to the
// model server, naming the environment it plays (the emulator picks its skill by it): the resources
// server's implementation, whatever the config names its instance.
import { call, checkedJson } from "../client/call.ts";
import { ENVIRONMENT_HEADER } from "../fleet/headers.ts";
import { ResponseObject } from "../schemas/responses.ts";
import type { Item, ResponsesCreateParams } from "../schemas/responses.ts";
import type { AgentHops } from "./hops.ts";

/** The row's input as items: a string input is one user message. */
export function inputItems(params: ResponsesCreateParams): Item[] {
  return typeof params.input === "string" ? [{ type: "message", role: "user", content: params.input }] : params.input;
}

export async function callModel(params: ResponsesCreateParams, input: Item[], hops: Pick<AgentHops, "model" | "modelJar" | "modelDeadlineMs" | "resources" | "deadlines" | "environment">): Promise<ResponseObject> {
  const hop = `${hops.model.name}/v1/responses`;
  const result = await call(hops.model, "/v1/responses", {
    body: { ...params, input },
    headers: { [ENVIRONMENT_HEADER]: hops.environment ?? hops.resources.name },
    deadlineMs: hops.modelDeadlineMs,
    jar: hops.modelJar,
    deadlines: hops.deadlines,
    // A model call that may have started is never repeated: only unprocessed failures retry.
  });
  // Our own model server's RPC answer is a Responses object by construction (it checked its upstream's).
  return checkedJson(result, hop, ResponseObject, (error) => `${hop} answered a body that is not a Responses object: ${error.issues[0]?.message}`);
}
