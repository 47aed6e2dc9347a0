// A model server's per-request input budget, `max_input_chars`: a request carrying more text than
// that is refused (413) before anything is sent upstream, so one huge field cannot tie up the
// fleet's tokenizer while every other rollout waits behind it. Characters, not tokens: the server
// counts no tokens itself, and counting characters is one cheap pass.
import { HttpError } from "../server/errors.ts";
import { z } from "../zod.ts";

/** About 250k tokens of English: beyond the contexts policies are trained at; raise it for longer ones. */
export const DEFAULT_MAX_INPUT_CHARS = 1_000_000;

/** `max_input_chars`, the same on every model server: the most characters of text a request sent upstream may carry. */
export const MaxInputChars = z.number().int().positive().default(DEFAULT_MAX_INPUT_CHARS);

// Image, video, audio and file parts carry their payload (often megabytes of base64) for an encoder, not the
// tokenizer: the body size limit bounds those. Keyed by the part's type, in the Responses and Chat
// Completions shapes.
const PAYLOAD_KEY = new Map<unknown, string>([
  ["input_image", "image_url"],
  ["image_url", "image_url"],
  ["input_video", "video_url"],
  ["video_url", "video_url"],
  ["audio_url", "audio_url"],
  ["input_file", "file_data"],
]);

/**
 * The characters (UTF-16 code units) of text in a JSON value: every string, object keys included (a tool schema's
 * property names reach the prompt as well), but for image and file payloads. Numbers such as token
 * ids are not text. Walked with a stack, not recursion, so deep nesting cannot overflow it.
 */
export function inputChars(value: unknown): number {
  let chars = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") chars += next.length;
    else if (Array.isArray(next)) for (const item of next) pending.push(item);
    else if (typeof next === "object" && next !== null) {
      const payload = PAYLOAD_KEY.get((next as { type?: unknown }).type);
      for (const [key, child] of Object.entries(next)) {
        chars += key.length;
        if (key !== payload) pending.push(child);
      }
    }
  }
  return chars;
}

/** Throws 413 `input_too_large` when `request` carries more than `maxChars` characters of text. */
export function checkInputBudget(request: unknown, maxChars: number): void {
  const chars = inputChars(request);
  if (chars <= maxChars) return;
  throw new HttpError(413, "input_too_large", `the request carries ${chars} characters of text, over this model server's max_input_chars (${maxChars})`, {
    input_chars: chars,
    max_input_chars: maxChars,
  });
}
