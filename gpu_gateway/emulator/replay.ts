// The replay policy (--policy replay:FILE): instead of the skills, answer each chat completion with
// the recorded turn of a NeMo Gym rollouts file (example_rollouts.jsonl shape), so NeMo's own
// rollouts run end to end through any environment. A request is matched to its rollout by the
// conversation it opens with (the rollout's whole input, as the model server renders it into chat
// messages), and to the turn by how many assistant turns it already holds, which must be the
// rollout's earlier turns. Several rollouts of one input are dealt in turn to new conversations.
// A request no rollout matches is an error naming what did not match: never a made-up answer.
import { readFileSync } from "node:fs";
import { toChatRequest } from "../../shared/models/chat/convert_request.ts";
import { contentText, modelTurns, type RecordedItem } from "../../shared/rollouts/recorded.ts";
import { ResponsesCreateParams } from "../../shared/schemas/responses.ts";
import { ApiError } from "./errors.ts";
import { parseArguments, toTurns, type Turn } from "./messages.ts";

/** One recorded model turn, as the completion that answers it. */
export interface RecordedTurn {
  content: string;
  /** The recorded reasoning, sent back as the message's reasoning_content; undefined when none. */
  reasoning: string | undefined;
  /** Arguments exactly as recorded (JSON text, or whatever the model wrote). */
  toolCalls: { id: string; name: string; arguments: string }[];
  /** The recording ended here on its output limit (incomplete_details): answered as cut short. */
  cutOff: boolean;
  /** A recorded turn is the model's own, never the emulator declining a task (policy/types.ts). */
  declined?: false;
}

interface Recording {
  /** 1-based line in the file, for messages. */
  line: number;
  turns: RecordedTurn[];
}

export type Replay = (turns: readonly Turn[]) => RecordedTurn;

// The same for a message the request carries and one this policy sent: role, text, tool calls.
const turnKey = (turn: Pick<Turn, "role" | "content" | "tool_calls" | "images">) =>
  JSON.stringify([turn.role, turn.content, (turn.tool_calls ?? []).map((c) => [c.function.name, c.function.arguments]), turn.images ?? []]);

const sentTurnKey = (turn: RecordedTurn) =>
  turnKey({
    role: "assistant",
    content: turn.content,
    tool_calls: turn.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: parseArguments(c.arguments) } })),
  });

function recordedTurn(items: readonly RecordedItem[], cutOff: boolean, where: string): RecordedTurn {
  const reasoning: string[] = [];
  const content: string[] = [];
  const toolCalls: RecordedTurn["toolCalls"] = [];
  for (const item of items) {
    if (item.type === "reasoning") {
      const parts = (Array.isArray(item.summary) && item.summary.length > 0 ? item.summary : item.content) as unknown;
      reasoning.push(contentText(parts));
    } else if (item.type === "function_call") {
      const { call_id, name, arguments: args } = item;
      if (typeof call_id !== "string" || typeof name !== "string" || typeof args !== "string") {
        throw new Error(`${where}: a function_call without string call_id, name and arguments`);
      }
      toolCalls.push({ id: call_id, name, arguments: args });
    } else {
      content.push(contentText(item.content));
    }
  }
  return { content: content.join("\n"), reasoning: reasoning.length > 0 ? reasoning.join("\n") : undefined, toolCalls, cutOff };
}

/** The opening conversation of a recorded rollout, as the model server sends it: one key per chat message. */
function openingKeys(params: { input?: unknown; instructions?: unknown } | undefined, where: string): string[] {
  // Only what becomes messages: the rest of the recorded params does not change the conversation.
  const parsed = ResponsesCreateParams.safeParse({ input: params?.input, instructions: params?.instructions ?? undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${where}: responses_create_params.${issue.path.join(".")}: ${issue.message}`);
  }
  const request = toChatRequest(parsed.data, { model: "", tokenIds: false, developerAsSystem: false, reasoning: { upstream: "fields" } });
  return toTurns(request.messages).map(turnKey);
}

/** The replay policy over the rollouts in `text` (JSONL); `source` names the file in messages. */
export function replayPolicy(text: string, source: string): Replay {
  // Rollouts by their opening conversation's keys joined; lengths of those openings, longest first.
  const byOpening = new Map<string, Recording[]>();
  const dealt = new Map<string, number>();
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    const where = `${source} line ${i + 1}`;
    let row: { responses_create_params?: { input?: unknown; instructions?: unknown }; response?: { output?: unknown; incomplete_details?: unknown } };
    try {
      row = JSON.parse(line);
    } catch (err) {
      throw new Error(`${where}: not JSON (${(err as Error).message})`);
    }
    const output = row.response?.output;
    if (!Array.isArray(output)) throw new Error(`${where}: no response.output to replay (a rollouts file has each row's recorded response)`);
    const opening = openingKeys(row.responses_create_params, where);
    const key = JSON.stringify(opening);
    const turns = modelTurns(output as RecordedItem[]);
    const cutOff = row.response?.incomplete_details != null;
    const recording = { line: i + 1, turns: turns.map(({ turn }, k) => recordedTurn(turn, cutOff && k === turns.length - 1, where)) };
    byOpening.set(key, [...(byOpening.get(key) ?? []), recording]);
  }
  if (byOpening.size === 0) throw new Error(`${source}: no rollouts`);
  const openingLengths = [...new Set([...byOpening.keys()].map((key) => (JSON.parse(key) as string[]).length))].sort((a, b) => b - a);

  return (turns) => {
    const keys = turns.map(turnKey);
    for (const length of openingLengths) {
      if (length > keys.length) continue;
      const opening = JSON.stringify(keys.slice(0, length));
      const candidates = byOpening.get(opening);
      if (!candidates) continue;
      const sent = turns.slice(length).filter((t) => t.role === "assistant").map(turnKey);
      if (sent.length === 0) {
        // A new conversation: the next of this input's rollouts, round robin.
        const n = dealt.get(opening) ?? 0;
        dealt.set(opening, n + 1);
        const recording = candidates[n % candidates.length]!;
        if (recording.turns.length === 0) throw new ApiError(404, `replay: the rollout at ${source} line ${recording.line} has no model turn`, { code: "replay_no_match" });
        return recording.turns[0]!;
      }
      const same = candidates.filter((r) => sent.every((key, k) => r.turns[k] !== undefined && sentTurnKey(r.turns[k]) === key));
      const next = same.find((r) => r.turns.length > sent.length);
      if (next) return next.turns[sent.length]!;
      const lines = (same.length > 0 ? same : candidates).map((r) => r.line).join(", ");
      const why = same.length > 0 ? `ended after ${sent.length} model turns (this request asks for turn ${sent.length + 1})` : `has other earlier turns than this conversation`;
      throw new ApiError(404, `replay: the rollout of this conversation in ${source} (line ${lines}) ${why}`, { code: "replay_no_match" });
    }
    const firstUser = turns.find((t) => t.role === "user")?.content ?? "";
    throw new ApiError(404, `replay: no rollout in ${source} opens with this conversation (first user message: ${JSON.stringify(firstUser.slice(0, 200))})`, {
      code: "replay_no_match",
    });
  };
}

/** `--policy replay:FILE` read from disk. */
export const loadReplayPolicy = (path: string): Replay => replayPolicy(readFileSync(path, "utf8"), path);
