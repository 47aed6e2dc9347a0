// vLLM-style logprobs for generated tokens. There is no model, so each logprob is a fixed function
// of (token id, position) in (-3, 0]: identical requests get identical numbers.
import { tokenBytes } from "./tokenizer.ts";
import { uniform } from "./mix.ts";

export interface LogprobEntry {
  token: string;
  logprob: number;
  bytes: number[];
  top_logprobs: never[];
}

function logprob(id: number, position: number): number {
  return -3 * uniform(id, position);
}

const text = new TextDecoder();

export function logprobEntries(ids: readonly number[], asTokenIds: boolean): LogprobEntry[] {
  return ids.map((id, i) => {
    const bytes = tokenBytes(id) ?? new Uint8Array();
    return {
      token: asTokenIds ? `token_id:${id}` : text.decode(bytes),
      logprob: logprob(id, i),
      bytes: Array.from(bytes),
      top_logprobs: [],
    };
  });
}
