// Request messages normalised the way vLLM prepares them for a chat template: text parts joined
// (images, video and audio marked where they sit), tool-call arguments parsed from their JSON string into
// an object, developer folded into system. The template and the policy both read this one shape.
import type { ChatMessage, ChatTool } from "../../shared/schemas/chat.ts";

export interface TurnToolCall {
  id: string;
  type: "function";
  /** Parsed arguments; the raw string when it is not valid JSON (the model wrote garbage). */
  function: { name: string; arguments: unknown };
}

export interface Turn {
  role: Exclude<ChatMessage["role"], "developer">;
  content: string;
  tool_calls?: TurnToolCall[];
  tool_call_id?: string;
  /** The message's images (URLs or data URLs), for skills that look at them. */
  images?: string[];
}

export interface ToolSpec {
  name: string;
  parameters: Record<string, unknown>;
}

// Where an image, a video or a clip of audio sits in the text, as a vision-language chat template marks it.
const PLACEHOLDER = { image_url: "<image>", video_url: "<video>", audio_url: "<audio>" } as const;

function text(content: ChatMessage["content"]): string {
  if (content == null) return "";
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : PLACEHOLDER[part.type])).join("\n");
}

/** The image URLs (often base64 data URLs) of a message, in order. */
function images(content: ChatMessage["content"]): string[] {
  if (content == null || typeof content === "string") return [];
  return content.flatMap((part) => (part.type === "image_url" ? [part.image_url.url] : []));
}

export function parseArguments(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function toTurns(messages: readonly ChatMessage[]): Turn[] {
  return messages.map((message) => {
    const turn: Turn = { role: message.role === "developer" ? "system" : message.role, content: text(message.content) };
    if (message.tool_calls?.length) {
      turn.tool_calls = message.tool_calls.map((call) => ({
        id: call.id,
        type: "function",
        function: { name: call.function.name, arguments: parseArguments(call.function.arguments) },
      }));
    }
    if (message.tool_call_id != null) turn.tool_call_id = message.tool_call_id;
    const seen = images(message.content);
    if (seen.length > 0) turn.images = seen;
    return turn;
  });
}

export function toolSpecs(tools: readonly ChatTool[] | undefined): ToolSpec[] {
  return (tools ?? []).map((tool) => ({ name: tool.function.name, parameters: tool.function.parameters ?? {} }));
}
