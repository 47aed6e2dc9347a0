// The judge `npm run parity` runs: an OpenAI-compatible model on loopback that answers each judge
// call with the next reply the reference recorded for the rollout being replayed (a server's
// Declaration.recordedJudgeReplies), as a Responses object or a chat completion, whichever API the
// call uses. So the whole grading path (prompt filling, verdict parsing, aggregation) runs on the
// reference's own judgements. A call past the recorded replies is refused (503) and counted.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export const REPLAY_MODEL = "parity-judge-replay";

export interface ReplayJudge {
  /** The base URL an openai_model instance points at (`.../v1`). */
  url: string;
  /** The replies for the next rollout; the calls of the previous one are forgotten. */
  load(replies: readonly string[]): void;
  /** Calls made since `load`, and how many found no recorded reply. */
  counts(): { asked: number; unanswered: number };
  close(): Promise<void>;
}

function responsesObject(text: string, n: number) {
  return {
    id: `resp_replay_${n}`,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model: REPLAY_MODEL,
    status: "completed",
    output: [{ id: `msg_replay_${n}`, type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] }],
    parallel_tool_calls: false,
    tool_choice: "auto",
    tools: [],
  };
}

function chatCompletion(text: string, n: number) {
  return {
    id: `chatcmpl_replay_${n}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: REPLAY_MODEL,
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
  };
}

export async function startReplayJudge(): Promise<ReplayJudge> {
  let replies: readonly string[] = [];
  let asked = 0;
  let unanswered = 0;
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    request.resume();
    request.on("end", () => {
      const path = request.url ?? "";
      if (request.method === "GET" && path.endsWith("/models")) return send(200, { object: "list", data: [{ id: REPLAY_MODEL, object: "model" }] });
      if (request.method !== "POST" || !/\/(responses|chat\/completions)$/.test(path)) return send(404, { error: { message: `no route ${path}` } });
      const n = asked++;
      const text = replies[n];
      if (text === undefined) {
        unanswered++;
        return send(503, { error: { message: `parity: the reference recorded ${replies.length} judge replies for this rollout; this is call ${n + 1}` } });
      }
      send(200, path.endsWith("/responses") ? responsesObject(text, n) : chatCompletion(text, n));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    load(next) {
      replies = next;
      asked = 0;
      unanswered = 0;
    },
    counts: () => ({ asked, unanswered }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
