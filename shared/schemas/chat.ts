// The subset of OpenAI / vLLM Chat Completions that the model server and the emulator exchange.
// Loose objects: vLLM adds fields (token ids, reasoning_content) that must survive a round trip.
import { z } from "../zod.ts";

export const ChatToolCall = z.looseObject({
  id: z.string(),
  type: z.literal("function"),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});
export type ChatToolCall = z.infer<typeof ChatToolCall>;

const TextPart = z.looseObject({ type: z.literal("text"), text: z.string() });
const ImageUrlPart = z.looseObject({ type: z.literal("image_url"), image_url: z.looseObject({ url: z.string(), detail: z.string().optional() }) });
const VideoUrlPart = z.looseObject({ type: z.literal("video_url"), video_url: z.looseObject({ url: z.string() }) });
const AudioUrlPart = z.looseObject({ type: z.literal("audio_url"), audio_url: z.looseObject({ url: z.string() }) });
export const ChatContentPart = z.discriminatedUnion("type", [TextPart, ImageUrlPart, VideoUrlPart, AudioUrlPart]);
export type ChatContentPart = z.infer<typeof ChatContentPart>;

/** Roles a pairwise reward model's chat template adds (genrm_model): vLLM renders whatever roles the template knows. */
export const GENRM_ROLES = ["principle", "response_1", "response_2"] as const;

export const ChatMessage = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool", ...GENRM_ROLES]),
  content: z.union([z.string(), z.array(ChatContentPart)]).nullish(),
  tool_calls: z.array(ChatToolCall).nullish(),
  tool_call_id: z.string().nullish(),
  reasoning_content: z.string().nullish(),
  reasoning: z.string().nullish(),
  prompt_token_ids: z.array(z.number().int()).optional(),
  generation_token_ids: z.array(z.number().int()).optional(),
  generation_log_probs: z.array(z.number()).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatTool = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().optional(),
  }),
});
export type ChatTool = z.infer<typeof ChatTool>;

export const ChatCompletionRequest = z.looseObject({
  model: z.string(),
  messages: z.array(ChatMessage).min(1),
  tools: z.array(ChatTool).optional(),
  tool_choice: z.union([z.string(), z.looseObject({ type: z.literal("function") })]).optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  logprobs: z.boolean().optional(),
  top_logprobs: z.number().int().optional(),
  stream: z.boolean().optional(),
  seed: z.number().int().optional(),
  return_tokens_as_token_ids: z.boolean().optional(),
  return_token_ids: z.boolean().optional(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequest>;

export const ChatLogprobs = z.looseObject({
  content: z.array(z.looseObject({ token: z.string(), logprob: z.number() })).nullish(),
});

export const ChatChoice = z.looseObject({
  index: z.number().int(),
  message: ChatMessage,
  finish_reason: z.string().nullish(),
  logprobs: ChatLogprobs.nullish(),
  token_ids: z.array(z.number().int()).nullish(),
});
export type ChatChoice = z.infer<typeof ChatChoice>;

export const ChatUsage = z.looseObject({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
  prompt_tokens_details: z.looseObject({ cached_tokens: z.number().int().nullish() }).nullish(),
});

export const ChatCompletion = z.looseObject({
  id: z.string(),
  object: z.literal("chat.completion"),
  created: z.number(),
  model: z.string(),
  choices: z.array(ChatChoice).min(1),
  usage: ChatUsage.nullish(),
  prompt_token_ids: z.array(z.number().int()).nullish(),
});
export type ChatCompletion = z.infer<typeof ChatCompletion>;

export const TokenizeRequest = z.union([
  z.looseObject({ model: z.string().optional(), prompt: z.string() }),
  z.looseObject({ model: z.string().optional(), messages: z.array(ChatMessage), tools: z.array(ChatTool).optional() }),
]);
export type TokenizeRequest = z.infer<typeof TokenizeRequest>;

export const TokenizeResponse = z.looseObject({
  count: z.number().int(),
  max_model_len: z.number().int(),
  tokens: z.array(z.number().int()),
});
