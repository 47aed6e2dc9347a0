// One chat completion: render and tokenize the prompt, let the policy play the turn, tokenize what it
// "generated" the same way, and apply vLLM's length rules.
import { randomUUID } from "node:crypto";
import type { ChatCompletionRequest, ChatToolCall } from "../../shared/schemas/chat.ts";
import { JUDGE_SUFFIX } from "../../shared/fleet/headers.ts";
import { ApiError } from "./errors.ts";
import { logprobEntries, type LogprobEntry } from "./logprobs.ts";
import { parseArguments, toTurns, toolSpecs, type Turn } from "./messages.ts";
import type { DrawOutcome } from "./outcomes.ts";
import { drawsOutcome, play } from "./policy/index.ts";
import type { PrefixCache } from "./prefix_cache.ts";
import type { Replay } from "./replay.ts";
import { renderCompletion, renderPrompt, toJsonText } from "./template.ts";
import { EOS_TOKEN_ID, decode, encode } from "./tokenizer.ts";

export interface Generation {
  id: string;
  created: number;
  model: string;
  promptIds: number[];
  /** Generated ids; a finished turn ends with the end-of-turn token, as vLLM reports it. */
  tokenIds: number[];
  /** The turn as the template renders it; `content` and `toolCalls` are its wire form. */
  message: Pick<Turn, "content" | "tool_calls">;
  content: string | null;
  toolCalls: ChatToolCall[];
  finishReason: "stop" | "tool_calls" | "length";
  /** The environment's skill could not work the task out (policy/types.ts decline), or it has none. */
  declined: boolean;
  /** Reasoning sent as the message's reasoning_content (a replayed turn's); undefined when none. */
  reasoning: string | undefined;
  logprobs: LogprobEntry[] | undefined;
  returnTokenIds: boolean;
  /** Prompt tokens found in the prefix cache. */
  cachedTokens: number;
  /** Whether usage reports them (vLLM's --enable-prompt-tokens-details; off by default). */
  reportsCachedTokens: boolean;
}

export interface GenerateContext {
  drawOutcome: DrawOutcome;
  maxModelLen: number;
  prefixCache: PrefixCache;
  /** As vLLM's --enable-prompt-tokens-details: report cached tokens in usage. */
  promptTokensDetails: boolean;
  /** Answers every call with a recorded turn instead of a skill's (--policy replay:FILE). */
  replay?: Replay;
}

/** How many tokens may be generated; 400 with vLLM's wording when the request cannot fit. */
function tokenBudget(promptTokens: number, maxTokens: number | undefined, maxModelLen: number): number {
  if (maxTokens === undefined) {
    if (promptTokens < maxModelLen) return maxModelLen - promptTokens;
    throw new ApiError(
      400,
      `This model's maximum context length is ${maxModelLen} tokens. However, your request has ${promptTokens} input tokens. Please reduce the length of the input messages.`,
      { param: "messages", code: "context_length_exceeded" },
    );
  }
  if (promptTokens + maxTokens <= maxModelLen) return maxTokens;
  throw new ApiError(
    400,
    `This model's maximum context length is ${maxModelLen} tokens. However, you requested ${promptTokens + maxTokens} tokens (${promptTokens} in the messages, ${maxTokens} in the completion). Please reduce the length of the messages or completion.`,
    { param: "messages", code: "context_length_exceeded" },
  );
}

/** `environment`: the environment the call names (the x-edge-gym-environment header), whose skill plays it. */
export function generate(request: ChatCompletionRequest, context: GenerateContext, environment: string | undefined): Generation {
  const turns = toTurns(request.messages);
  const prompt = renderPrompt(turns, request.tools, true);
  const promptIds = encode(prompt);
  // --policy replay:FILE answers the policy's calls with recorded turns: no skill is asked. A turn
  // is answered whole: the length limits were the recording model's, counted in its own tokens. A
  // judge's call is not the policy's (and our judge prompts are not the recording's): its skill plays it.
  const recorded = environment?.endsWith(JUDGE_SUFFIX) ? undefined : context.replay?.(turns);
  const budget = recorded ? Number.POSITIVE_INFINITY : tokenBudget(promptIds.length, request.max_completion_tokens ?? request.max_tokens, context.maxModelLen);
  const action = recorded ?? play(
    {
      turns,
      tools: request.tool_choice === "none" ? [] : toolSpecs(request.tools),
      correct: drawsOutcome(turns, environment) ? context.drawOutcome(prompt) : true,
    },
    environment,
  );

  let message: Generation["message"] = {
    content: action.content ?? "",
    tool_calls: action.toolCalls.map((planned) => ({
      id: "id" in planned ? planned.id : `call_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
      type: "function",
      function: { name: planned.name, arguments: typeof planned.arguments === "string" ? parseArguments(planned.arguments) : planned.arguments },
    })),
  };
  let tokenIds = [...encode(renderCompletion(message)), EOS_TOKEN_ID];
  let finishReason: Generation["finishReason"] = message.tool_calls?.length ? "tool_calls" : "stop";
  if (tokenIds.length > budget) {
    // Cut off mid-turn: whatever text was produced is plain content, no tool call was completed.
    tokenIds = tokenIds.slice(0, budget);
    message = { content: decode(tokenIds) };
    finishReason = "length";
  }
  // A recorded turn its model's limit cut short ends as it did: without the end-of-turn token.
  if (recorded?.cutOff) {
    tokenIds = tokenIds.slice(0, -1);
    finishReason = "length";
  }

  const cachedTokens = context.prefixCache.serve(promptIds, tokenIds);
  // A replayed call keeps the argument text as recorded, whatever the model wrote.
  const toolCalls = (message.tool_calls ?? []).map((toolCall, i) => ({
    id: toolCall.id,
    type: "function" as const,
    function: { name: toolCall.function.name, arguments: recorded?.toolCalls[i]?.arguments ?? toJsonText(toolCall.function.arguments) },
  }));
  return {
    id: `chatcmpl-${randomUUID().replaceAll("-", "")}`,
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    promptIds,
    tokenIds,
    message,
    content: toolCalls.length > 0 && !message.content ? null : message.content,
    toolCalls,
    finishReason,
    declined: action.declined === true,
    reasoning: recorded?.reasoning,
    logprobs: request.logprobs ? logprobEntries(tokenIds, request.return_tokens_as_token_ids === true) : undefined,
    returnTokenIds: request.return_token_ids === true,
    cachedTokens,
    reportsCachedTokens: context.promptTokensDetails,
  };
}

export function usage(generation: Generation) {
  const prompt = generation.promptIds.length;
  const completion = generation.tokenIds.length;
  const details = generation.reportsCachedTokens ? { cached_tokens: generation.cachedTokens } : null;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: details };
}

export function completionBody(generation: Generation) {
  const { id, created, model, content, toolCalls, logprobs, finishReason, returnTokenIds, reasoning } = generation;
  return {
    id,
    object: "chat.completion",
    created,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, tool_calls: toolCalls, ...(reasoning === undefined ? {} : { reasoning_content: reasoning }) },
        logprobs: logprobs ? { content: logprobs } : null,
        finish_reason: finishReason,
        stop_reason: null,
        ...(returnTokenIds ? { token_ids: generation.tokenIds } : {}),
      },
    ],
    usage: usage(generation),
    ...(returnTokenIds ? { prompt_token_ids: generation.promptIds } : {}),
  };
}
