// What goes onto every upstream request besides the conversion: config `extra_body` (with a
// request's `metadata.extra_body` over it) under the request's own fields, the chat template's
// kwargs (config, then `metadata.chat_template_kwargs`, then the request's own), and the
// configured `sampling_overrides` over everything, so the trainer's sampling settings hold.
import { invalidRequest } from "../../server/errors.ts";
import type { VllmModelConfig } from "./config.ts";
import type { UpstreamChatRequest } from "./template_roles.ts";

type JsonObject = Record<string, unknown>;
type Metadata = Record<string, string> | null | undefined;

// Metadata values are strings (OpenAI's rule), so structured settings ride in them as JSON.
function metadataObject(metadata: Metadata, key: string): JsonObject {
  const raw = metadata?.[key];
  if (raw === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw invalidRequest([{ path: `metadata.${key}`, message: `must be a JSON object as a string: ${(err as Error).message}` }]);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidRequest([{ path: `metadata.${key}`, message: "must be a JSON object as a string" }]);
  }
  return value as JsonObject;
}

export function withExtras(request: UpstreamChatRequest, config: VllmModelConfig, metadata?: Metadata): UpstreamChatRequest {
  const extraBody = { ...config.extra_body, ...metadataObject(metadata, "extra_body") };
  const own = request.chat_template_kwargs;
  const kwargs = {
    ...config.chat_template_kwargs,
    ...metadataObject(metadata, "chat_template_kwargs"),
    ...(own !== null && typeof own === "object" ? (own as JsonObject) : {}),
  };
  return {
    ...extraBody,
    ...request,
    ...(Object.keys(kwargs).length > 0 ? { chat_template_kwargs: kwargs } : {}),
    ...config.sampling_overrides,
  } as UpstreamChatRequest;
}
