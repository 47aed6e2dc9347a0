// The Anthropic Messages API as model servers speak it on POST /v1/messages: the request fields
// that carry meaning for a Responses backend are checked here (a 400 names the field path); other
// fields Anthropic clients send (metadata, cache_control, thinking, stop_sequences, top_k, betas)
// are accepted and have no effect, as the reference's ingress ignores them. The answer's shapes
// are plain types: this server writes them, nothing parses them.
import { z } from "../../zod.ts";

export const TextBlock = z.looseObject({ type: z.literal("text"), text: z.string() });

export const ImageBlock = z.looseObject({
  type: z.literal("image"),
  source: z.discriminatedUnion("type", [
    z.looseObject({ type: z.literal("base64"), media_type: z.string().min(1), data: z.string().min(1) }),
    z.looseObject({ type: z.literal("url"), url: z.string().min(1) }),
  ]),
});

export const ToolUseBlock = z.looseObject({
  type: z.literal("tool_use"),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});

export const ToolResultBlock = z.looseObject({
  type: z.literal("tool_result"),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(z.discriminatedUnion("type", [TextBlock, ImageBlock]))]).optional(),
  is_error: z.boolean().optional(),
});

export const ThinkingBlock = z.looseObject({ type: z.literal("thinking"), thinking: z.string(), signature: z.string().optional() });

// Which blocks each role may send, as the API has it.
const UserMessage = z.looseObject({
  role: z.literal("user"),
  content: z.union([z.string(), z.array(z.discriminatedUnion("type", [TextBlock, ImageBlock, ToolResultBlock]))]),
});
const AssistantMessage = z.looseObject({
  role: z.literal("assistant"),
  content: z.union([z.string(), z.array(z.discriminatedUnion("type", [TextBlock, ThinkingBlock, ToolUseBlock]))]),
});
const SystemMessage = z.looseObject({ role: z.literal("system"), content: z.union([z.string(), z.array(TextBlock)]) });
export const MessageParam = z.discriminatedUnion("role", [UserMessage, AssistantMessage, SystemMessage]);
export type MessageParam = z.infer<typeof MessageParam>;

/** Client tools only: server tools (web search, code execution...) run at Anthropic, not here. */
export const ToolDefinition = z.looseObject({
  type: z.literal("custom").optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown()),
});

const parallel = { disable_parallel_tool_use: z.boolean().optional() };
export const ToolChoice = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("auto"), ...parallel }),
  z.looseObject({ type: z.literal("any"), ...parallel }),
  z.looseObject({ type: z.literal("tool"), name: z.string().min(1), ...parallel }),
  z.looseObject({ type: z.literal("none") }),
]);

export const MessagesRequest = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  messages: z.array(MessageParam).min(1),
  system: z.union([z.string(), z.array(TextBlock)]).nullish(),
  tools: z.array(ToolDefinition).nullish(),
  tool_choice: ToolChoice.nullish(),
  temperature: z.number().min(0).max(1).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  stream: z.boolean().nullish(),
});
export type MessagesRequest = z.infer<typeof MessagesRequest>;

export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

export type StopReason = "end_turn" | "max_tokens" | "tool_use" | "refusal";

export interface MessagesUsage {
  /** Prompt tokens not read from the cache (Anthropic counts cached ones apart). */
  input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  output_tokens: number;
}

export interface Message {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: ContentBlock[];
  stop_reason: StopReason;
  stop_sequence: null;
  usage: MessagesUsage;
}
