// A NeMo Gym rollout as recorded (example_rollouts.jsonl: responses_create_params, response,
// reward, ...): its output split into the model's turns. `npm run parity` replays those turns into
// an environment, and the emulator's replay policy (--policy replay:FILE) answers with them.

/** An output item as recorded: JSON read from a file, of any of the Responses item types. */
export type RecordedItem = { type?: string; role?: string; [field: string]: unknown };

export interface ModelTurn {
  /** What one model call produced: reasoning, an assistant message and function calls, in order. */
  turn: RecordedItem[];
  /** What came back before the next model call: tool outputs, the environment's user messages. */
  next: RecordedItem[];
}

// A message written without `type` is a message (the Responses API accepts both spellings).
const isModelItem = (item: RecordedItem) =>
  item.type === "reasoning" || item.type === "function_call" || ((item.type ?? "message") === "message" && item.role === "assistant");

/** The model's turns in a recorded output: each maximal run of model items, with what followed it. */
export function modelTurns(output: readonly RecordedItem[]): ModelTurn[] {
  const turns: ModelTurn[] = [];
  for (const item of output) {
    const last = turns.at(-1);
    if (!isModelItem(item)) {
      // Items before the first model item (none in NeMo's recordings) answer no turn: dropped.
      last?.next.push(item);
    } else if (last && last.next.length === 0) {
      last.turn.push(item);
    } else {
      turns.push({ turn: [item], next: [] });
    }
  }
  return turns;
}

/** The text of a message's content: a string, or its text (and refusal) parts joined by newlines. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part: { text?: unknown; refusal?: unknown }) => part.text ?? part.refusal)
    .filter((text): text is string => typeof text === "string")
    .join("\n");
}
