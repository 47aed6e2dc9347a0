// What the agents' workerd tests script models with: a model server answering each call with the
// next scripted output (the last one repeats), recording every request body; and readers for the
// items and NDJSON answers agents produce.
import { RunBatchLine } from "../../../shared/schemas/run.ts";

export const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };

export const say = (text: string) => ({ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] });

export const toolCall = (id: string, name: string, args: string) => ({ type: "function_call", call_id: id, name, arguments: args, id: `fc_${id}`, status: "completed" });

export interface ScriptedTurn {
  output: Record<string, unknown>[];
  incomplete?: boolean;
}

export const responseOf = (turn: ScriptedTurn, id = "resp") => ({
  id,
  object: "response",
  created_at: 1,
  model: "scripted",
  status: turn.incomplete ? "incomplete" : "completed",
  output: turn.output,
  incomplete_details: turn.incomplete ? { reason: "max_output_tokens" } : null,
  usage,
});

/** A model (service binding) answering call i with turns[i]; `requests` holds each body, `headers` each request's headers. */
export function scriptedModel(turns: ScriptedTurn[]) {
  const requests: any[] = [];
  const headers: Headers[] = [];
  const fetcher = {
    async fetch(request: Request) {
      requests.push(await request.json());
      headers.push(request.headers);
      return Response.json(responseOf(turns[Math.min(requests.length - 1, turns.length - 1)]!, `resp_${requests.length}`));
    },
  };
  return { fetcher, requests, headers };
}

/** The lines of a /run_batch answer, in the order they arrived. */
export async function readLines(response: Response): Promise<RunBatchLine[]> {
  const text = await response.text();
  return text.split("\n").filter(Boolean).map((line) => RunBatchLine.parse(JSON.parse(line)));
}
