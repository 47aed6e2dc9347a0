// NeMo Gym's audio side channel: the Responses API has no audio content part, so a row carries its
// audio in `metadata` and the model server splices it into the last user message as `audio_url`
// parts, before the text (some audio models read it first). `audio_data` is an inline
// `data:audio/<format>;base64,...` URI; `audio_url` is the key NeMo Gym's own ASR rows use for the
// same thing (its vllm_model reads only `audio_data`, so those rows reach the model without audio
// there: here they carry it). `audio_path` / `audio_paths` name files, which a Worker cannot read:
// a 400 says to inline them. The keys are exclusive, as in NeMo Gym.
import type { ChatContentPart } from "../../schemas/chat.ts";
import { invalidRequest } from "../../server/errors.ts";
import type { TemplateMessage } from "./template_roles.ts";
import type { ChatMessage } from "../../schemas/chat.ts";

type Metadata = Record<string, string> | null | undefined;
type Message = ChatMessage | TemplateMessage;

const INLINE_KEYS = ["audio_data", "audio_url"] as const;
const FILE_KEYS = ["audio_path", "audio_paths"] as const;

/** `messages` with the request's audio spliced into the last user message (a new one when there is none). */
export function withAudio<M extends Message>(messages: readonly M[], metadata: Metadata): (M | ChatMessage)[] {
  const present = [...INLINE_KEYS, ...FILE_KEYS].filter((key) => metadata?.[key]);
  if (present.length === 0) return [...messages];
  if (present.length > 1) throw invalidRequest([{ path: "metadata", message: `audio keys are exclusive: got ${present.join(", ")}; set one of audio_data, audio_path, audio_paths per row` }]);
  const key = present[0]!;
  if ((FILE_KEYS as readonly string[]).includes(key)) {
    throw invalidRequest([{ path: `metadata.${key}`, message: "this model server runs as a Worker and reads no files: inline the audio as metadata.audio_data, a data:audio/<format>;base64,... URI" }]);
  }
  const audio: ChatContentPart = { type: "audio_url", audio_url: { url: metadata![key]! } };
  const last = messages.findLastIndex((message) => message.role === "user");
  if (last === -1) return [...messages, { role: "user", content: [audio] }];
  const content = messages[last]!.content;
  const parts: ChatContentPart[] = typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? content : [];
  return messages.map((message, i) => (i === last ? ({ ...message, content: [audio, ...parts] } as ChatMessage) : message));
}
