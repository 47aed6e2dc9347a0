// POST /v1/messages for any model server: the Anthropic request goes through the server's own
// Responses path (whatever its upstream), and the response comes back as a Message, or as its SSE
// events with `stream: true`. Errors keep the servers' shape under Anthropic's `type: "error"`.
import type { Context } from "hono";
import type { ResponseObject, ResponsesCreateParams } from "../../schemas/responses.ts";
import { readBody } from "../../server/body.ts";
import { HttpError } from "../../server/errors.ts";
import { SSE_HEADERS, toSse } from "../sse.ts";
import { messageEvents } from "./events.ts";
import { toMessage } from "./from_response.ts";
import { MessagesRequest } from "./schema.ts";
import { toResponsesParams } from "./to_responses.ts";

export type Respond<C extends Context> = (params: ResponsesCreateParams, c: C) => Promise<ResponseObject>;

export function messagesRoute<C extends Context>(respond: Respond<C>): (c: C) => Promise<Response> {
  return async (c) => {
    try {
      const request = await readBody(c, MessagesRequest);
      const response = await respond(toResponsesParams(request), c);
      const message = toMessage(response, request.model, (c.env as { INSTANCE_NAME?: string } | undefined)?.INSTANCE_NAME ?? "model");
      return request.stream ? c.body(toSse(messageEvents(message)), 200, SSE_HEADERS) : c.json(message);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      return c.json({ type: "error", ...err.toJSON() }, err.status as 400);
    }
  };
}
