// The OpenAI Responses API shapes Edge Gym speaks (SPEC "Data formats"). Items and parts are loose
// objects: the API adds fields over time and rollouts must echo what they were given unchanged.
// The create params are strict: an unknown top-level key is a dataset bug worth naming.
import { z } from "../zod.ts";

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

// Training token data rides on the last output item of each model call (SPEC "Training token data").
export const TokenIdFields = z.object({
  prompt_token_ids: z.array(z.number().int()).optional(),
  generation_token_ids: z.array(z.number().int()).optional(),
  generation_log_probs: z.array(z.number()).optional(),
});
export type TokenIdFields = z.infer<typeof TokenIdFields>;

function checkTokenIds(item: TokenIdFields, ctx: z.RefinementCtx) {
  const present = [item.prompt_token_ids, item.generation_token_ids, item.generation_log_probs].filter((v) => v !== undefined);
  if (present.length !== 0 && present.length !== 3) {
    ctx.addIssue({ code: "custom", message: "prompt_token_ids, generation_token_ids and generation_log_probs come together or not at all", path: ["generation_token_ids"] });
  } else if (item.generation_token_ids && item.generation_log_probs && item.generation_token_ids.length !== item.generation_log_probs.length) {
    ctx.addIssue({
      code: "custom",
      message: `generation_log_probs has ${item.generation_log_probs.length} entries but generation_token_ids has ${item.generation_token_ids.length}`,
      path: ["generation_log_probs"],
    });
  }
}

export const InputText = z.looseObject({ type: z.literal("input_text"), text: z.string() });
export const OutputText = z.looseObject({ type: z.literal("output_text"), text: z.string(), annotations: z.array(z.unknown()).optional() });
export const Refusal = z.looseObject({ type: z.literal("refusal"), refusal: z.string() });
/** An image by URL or base64 data URL (`image_url`; NeMo Gym also takes `{url}`), or by an uploaded file's id. */
export const InputImage = z.looseObject({
  type: z.literal("input_image"),
  image_url: nullish(z.union([z.string(), z.looseObject({ url: z.string() })])),
  file_id: nullish(z.string()),
  detail: nullish(z.enum(["low", "high", "auto"])),
});
/** A video by URL (NeMo Gym's extension for vision-language models: `video_url`, or `video`). */
export const InputVideo = z.looseObject({
  type: z.literal("input_video"),
  video_url: z.union([z.string(), z.looseObject({ url: z.string() })]).optional(),
  video: z.union([z.string(), z.looseObject({ url: z.string() })]).optional(),
});
export const InputFile = z.looseObject({ type: z.literal("input_file") });
export const ContentPart = z.discriminatedUnion("type", [InputText, OutputText, Refusal, InputImage, InputVideo, InputFile]);
export type ContentPart = z.infer<typeof ContentPart>;

export const Role = z.enum(["user", "assistant", "system", "developer"]);

export const MessageItem = z
  .looseObject({
    type: z.literal("message").optional(),
    id: nullish(z.string()),
    role: Role,
    content: z.union([z.string(), z.array(ContentPart)]),
    status: nullish(z.string()),
    ...TokenIdFields.shape,
  })
  .superRefine(checkTokenIds);
export type MessageItem = z.infer<typeof MessageItem>;

export const FunctionCallItem = z
  .looseObject({
    type: z.literal("function_call"),
    call_id: z.string(),
    name: z.string(),
    arguments: z.string(),
    id: nullish(z.string()),
    status: nullish(z.string()),
    ...TokenIdFields.shape,
  })
  .superRefine(checkTokenIds);
export type FunctionCallItem = z.infer<typeof FunctionCallItem>;

export const FunctionCallOutputItem = z.looseObject({
  type: z.literal("function_call_output"),
  call_id: z.string(),
  output: z.union([z.string(), z.array(ContentPart)]),
  id: nullish(z.string()),
  status: nullish(z.string()),
});
export type FunctionCallOutputItem = z.infer<typeof FunctionCallOutputItem>;

export const SummaryText = z.looseObject({ type: z.literal("summary_text"), text: z.string() });
export const ReasoningItem = z
  .looseObject({
    type: z.literal("reasoning"),
    id: z.string(),
    summary: z.array(SummaryText),
    content: nullish(z.array(z.looseObject({ type: z.string(), text: z.string() }))),
    encrypted_content: nullish(z.string()),
    status: nullish(z.string()),
    ...TokenIdFields.shape,
  })
  .superRefine(checkTokenIds);
export type ReasoningItem = z.infer<typeof ReasoningItem>;

// A message may omit `type` (EasyInputMessage). It is normalised to `type: "message"`, as the
// reference does, so a discriminated union can name the item kind that failed.
const withMessageType = (v: unknown) =>
  v !== null && typeof v === "object" && !("type" in v) && "role" in v ? { type: "message", ...v } : v;
export const Item = z.preprocess(
  withMessageType,
  z.discriminatedUnion("type", [
    MessageItem.safeExtend({ type: z.literal("message") }),
    FunctionCallItem,
    FunctionCallOutputItem,
    ReasoningItem,
  ]),
);
export type Item = z.infer<typeof Item>;

export const FunctionTool = z.looseObject({
  type: z.literal("function"),
  name: z.string().min(1),
  description: nullish(z.string()),
  parameters: nullish(z.record(z.string(), z.unknown())),
  strict: nullish(z.boolean()),
});
export type FunctionTool = z.infer<typeof FunctionTool>;

export const ToolChoice = z.union([
  z.enum(["auto", "none", "required"]),
  z.looseObject({ type: z.literal("function"), name: z.string() }),
]);

export const ReasoningParams = z.looseObject({
  effort: nullish(z.enum(["minimal", "low", "medium", "high"])),
  summary: nullish(z.string()),
  generate_summary: nullish(z.string()),
});

export const ResponsesCreateParams = z.strictObject({
  input: z.union([z.string(), z.array(Item)]),
  instructions: nullish(z.string()),
  tools: nullish(z.array(FunctionTool)),
  tool_choice: nullish(ToolChoice),
  parallel_tool_calls: nullish(z.boolean()),
  temperature: nullish(z.number().min(0).max(2)),
  top_p: nullish(z.number().min(0).max(1)),
  max_output_tokens: nullish(z.number().int().positive()),
  max_tool_calls: nullish(z.number().int().positive()),
  top_logprobs: nullish(z.number().int().min(0).max(20)),
  reasoning: nullish(ReasoningParams),
  text: nullish(z.record(z.string(), z.unknown())),
  metadata: nullish(z.record(z.string(), z.string())),
  model: nullish(z.string()),
  store: nullish(z.boolean()),
  truncation: nullish(z.enum(["auto", "disabled"])),
  user: nullish(z.string()),
  service_tier: nullish(z.string()),
  background: nullish(z.boolean()),
  include: nullish(z.array(z.string())),
  previous_response_id: nullish(z.string()),
  prompt: nullish(z.record(z.string(), z.unknown())),
  // As NeMo Gym's agents (its non-streaming create params): a rollout is answered whole.
  stream: nullish(z.literal(false, { error: "not streamed: an agent answers with the whole response (as NeMo Gym's agents do); send stream false or leave it out" })),
});
export type ResponsesCreateParams = z.infer<typeof ResponsesCreateParams>;

const ResponsesUsage = z.looseObject({
  input_tokens: z.number().int(),
  input_tokens_details: z.looseObject({ cached_tokens: z.number().int() }),
  output_tokens: z.number().int(),
  output_tokens_details: z.looseObject({ reasoning_tokens: z.number().int() }),
  total_tokens: z.number().int(),
});

type Json = Record<string, unknown>;
const count = (value: unknown) => (typeof value === "number" ? value : 0);

/** Chat Completions' usage (prompt_tokens, ...) read as the Responses API's: rollouts recorded through a chat model carry it so. */
function fromChatUsage(usage: unknown): unknown {
  if (!usage || typeof usage !== "object" || "input_tokens" in usage || !("prompt_tokens" in usage)) return usage;
  const chat = usage as Json;
  return {
    input_tokens: count(chat.prompt_tokens),
    input_tokens_details: { cached_tokens: count((chat.prompt_tokens_details as Json | null | undefined)?.cached_tokens) },
    output_tokens: count(chat.completion_tokens),
    output_tokens_details: { reasoning_tokens: count((chat.completion_tokens_details as Json | null | undefined)?.reasoning_tokens) },
    total_tokens: count(chat.total_tokens) || count(chat.prompt_tokens) + count(chat.completion_tokens),
  };
}

export const Usage = z.preprocess(fromChatUsage, ResponsesUsage);
export type Usage = z.infer<typeof ResponsesUsage>;

export const IncompleteDetails = z.looseObject({ reason: z.string() });

export const ResponseObject = z.looseObject({
  id: z.string(),
  object: z.literal("response").optional(),
  created_at: z.number().optional(),
  model: nullish(z.string()),
  status: nullish(z.string()),
  output: z.array(Item),
  usage: nullish(Usage),
  incomplete_details: nullish(IncompleteDetails),
  error: nullish(z.unknown()),
});
export type ResponseObject = z.infer<typeof ResponseObject>;

export const emptyUsage = (): Usage => ({
  input_tokens: 0,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 0,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 0,
});

export function addUsage(a: Usage, b: Usage | null | undefined): Usage {
  if (!b) return a;
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    input_tokens_details: { cached_tokens: a.input_tokens_details.cached_tokens + b.input_tokens_details.cached_tokens },
    output_tokens: a.output_tokens + b.output_tokens,
    output_tokens_details: { reasoning_tokens: a.output_tokens_details.reasoning_tokens + b.output_tokens_details.reasoning_tokens },
    total_tokens: a.total_tokens + b.total_tokens,
  };
}
