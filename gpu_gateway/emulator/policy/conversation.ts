// Reading the state of a task from the history. Tool outputs are whatever text the environment
// sent back, so every parse here tolerates garbage.
import type { Turn } from "../messages.ts";

export interface CallRecord {
  name: string;
  arguments: Record<string, unknown>;
  /** The tool's answer, once the agent has fed it back. */
  output: string | undefined;
}

function lastUserIndex(turns: readonly Turn[]): number {
  return turns.findLastIndex((turn) => turn.role === "user");
}

export function lastUserText(turns: readonly Turn[]): string {
  return turns[lastUserIndex(turns)]?.content ?? "";
}

export function systemText(turns: readonly Turn[]): string {
  return turns
    .filter((turn) => turn.role === "system")
    .map((turn) => turn.content)
    .join("\n");
}

/** True when the model has not spoken since the user's last message. */
export function awaitingFirstReply(turns: readonly Turn[]): boolean {
  return !turns.slice(lastUserIndex(turns) + 1).some((turn) => turn.role === "assistant");
}

/**
 * The tool calls made since the user's last message, in order, each with its output. Outputs are
 * matched by tool_call_id, falling back to call order for agents that omit ids.
 */
export function callRecords(turns: readonly Turn[]): CallRecord[] {
  const records: CallRecord[] = [];
  const ids: string[] = [];
  for (const turn of turns.slice(lastUserIndex(turns) + 1)) {
    if (turn.role === "assistant") {
      for (const toolCall of turn.tool_calls ?? []) {
        const args = toolCall.function.arguments;
        records.push({ name: toolCall.function.name, arguments: isObject(args) ? args : {}, output: undefined });
        ids.push(toolCall.id);
      }
    } else if (turn.role === "tool") {
      let index = turn.tool_call_id === undefined ? -1 : ids.indexOf(turn.tool_call_id);
      if (index === -1 || records[index]?.output !== undefined) index = records.findIndex((r) => r.output === undefined);
      const record = records[index];
      if (record) record.output = turn.content;
    }
  }
  return records;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A numeric field of a JSON object output, e.g. `{"count": 9}`; undefined for anything else. */
export function numberField(output: string | undefined, field: string): number | undefined {
  const parsed = output === undefined ? undefined : parseJson(output);
  const value = isObject(parsed) ? parsed[field] : undefined;
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** A tool output quoted in an answer: trimmed and bounded. */
export function quote(output: string): string {
  const text = output.trim();
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}
