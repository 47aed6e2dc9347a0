// The action a response took: its function calls (one is a function_call, several a batch, in the
// order made), else the text of its assistant messages joined (a message), else none.
import type { Item } from "../../../shared/schemas/responses.ts";
import type { Action, FunctionCallAction } from "./declaration.ts";

/** The output_text parts of a message's content joined; null when it has none (a string content is its own text). */
function messageText(content: Extract<Item, { type: "message" }>["content"]): string | null {
  if (typeof content === "string") return content;
  const parts = content.flatMap((part) => (part.type === "output_text" ? [part.text] : []));
  return parts.length === 0 ? null : parts.join("");
}

export function actionOf(output: readonly Item[]): Action | null {
  const calls: FunctionCallAction[] = [];
  const texts: string[] = [];
  for (const item of output) {
    if (item.type === "function_call") calls.push({ type: "function_call", name: item.name, arguments: item.arguments });
    else if (item.type === "message" && item.role === "assistant") {
      const text = messageText(item.content);
      if (text !== null) texts.push(text);
    }
  }
  if (calls.length === 1) return calls[0]!;
  if (calls.length > 1) return { type: "function_call_batch", calls, ordered: true };
  return texts.length > 0 ? { type: "message", content: texts.join("") } : null;
}
