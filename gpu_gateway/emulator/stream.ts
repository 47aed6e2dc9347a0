// A finished generation replayed as vLLM's SSE chunk sequence: a role chunk, content deltas (one per
// token for plain text), for each tool call a header chunk then its arguments, a final chunk with
// finish_reason, an optional usage chunk, then [DONE]. Every generated token's logprob and id ride
// on the chunk that carries its text, so the chunks add up to the non-streaming answer.
import { usage, type Generation } from "./completion.ts";
import { renderCompletion } from "./template.ts";
import { tokenBytes } from "./tokenizer.ts";

type Range = readonly [start: number, end: number];

/** Token index ranges per segment: the content, then each tool call's block of text. */
function segmentRanges(generation: Generation, textTokens: number): Range[] {
  const { content, tool_calls: calls = [] } = generation.message;
  const ends = calls.map((_, k) => Buffer.byteLength(renderCompletion({ content, tool_calls: calls.slice(0, k + 1) })));
  ends.unshift(Buffer.byteLength(renderCompletion({ content })));
  const ranges: Range[] = [];
  let token = 0;
  let offset = 0;
  for (const end of ends) {
    const start = token;
    while (token < textTokens && offset < end) offset += tokenBytes(generation.tokenIds[token++] as number)?.length ?? 0;
    ranges.push([start, token]);
  }
  return ranges;
}

export function streamBody(generation: Generation, includeUsage: boolean): string {
  const { id, created, model, tokenIds, logprobs, returnTokenIds, toolCalls } = generation;
  const head = { id, object: "chat.completion.chunk", created, model };
  const events: unknown[] = [];
  const push = (delta: object, [start, end]: Range = [0, 0], finishReason: string | null = null, extra: object = {}) => {
    const choice = {
      index: 0,
      delta,
      logprobs: logprobs && end > start ? { content: logprobs.slice(start, end) } : null,
      finish_reason: finishReason,
      ...(returnTokenIds ? { token_ids: tokenIds.slice(start, end) } : {}),
    };
    events.push({ ...head, choices: [choice], ...extra });
  };

  push({ role: "assistant", content: "" }, undefined, null, returnTokenIds ? { prompt_token_ids: generation.promptIds } : {});
  if (generation.reasoning !== undefined) push({ reasoning_content: generation.reasoning });
  // The end-of-turn token has no text: it goes on the final chunk.
  const textTokens = generation.finishReason === "length" ? tokenIds.length : tokenIds.length - 1;
  if (toolCalls.length === 0) {
    const text = new TextDecoder();
    for (let i = 0; i < textTokens; i++) {
      push({ content: text.decode(tokenBytes(tokenIds[i] as number), { stream: true }) }, [i, i + 1]);
    }
  } else {
    const [contentRange, ...callRanges] = segmentRanges(generation, textTokens);
    if (generation.content) push({ content: generation.content }, contentRange);
    toolCalls.forEach((toolCall, index) => {
      const { name, arguments: args } = toolCall.function;
      push({ tool_calls: [{ index, id: toolCall.id, type: "function", function: { name, arguments: "" } }] });
      push({ tool_calls: [{ index, function: { arguments: args } }] }, callRanges[index]);
    });
  }
  push({}, [textTokens, tokenIds.length], generation.finishReason);
  if (includeUsage) events.push({ ...head, choices: [], usage: usage(generation) });

  return `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}data: [DONE]\n\n`;
}
