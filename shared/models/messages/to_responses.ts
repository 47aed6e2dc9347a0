// An Anthropic Messages request -> Responses create params, for the server's own Responses path.
// The system prompt becomes `instructions`; within a message, text and image blocks make one
// message item, and every tool_use, tool_result and thinking block becomes its own item
// (function_call, function_call_output, reasoning), in order.
import type { ContentPart, FunctionTool, Item, ResponsesCreateParams } from "../../schemas/responses.ts";
import type { z } from "../../zod.ts";
import type { ImageBlock, MessageParam, MessagesRequest, ToolChoice, ToolResultBlock } from "./schema.ts";

const hex = () => crypto.randomUUID().replaceAll("-", "");

function imagePart(block: z.infer<typeof ImageBlock>): ContentPart {
  const { source } = block;
  const url = source.type === "base64" ? `data:${source.media_type};base64,${source.data}` : source.url;
  return { type: "input_image", image_url: url, detail: "auto" };
}

// Assistant text goes back as output_text: the Responses API takes nothing else from that role.
function textPart(text: string, role: MessageParam["role"]): ContentPart {
  return role === "assistant" ? { type: "output_text", text, annotations: [] } : { type: "input_text", text };
}

function toolOutput(content: z.infer<typeof ToolResultBlock>["content"]): string | ContentPart[] {
  if (content === undefined || typeof content === "string") return content ?? "";
  if (content.every((block) => block.type === "text")) return content.map((block) => block.text).join("\n");
  return content.map((block) => (block.type === "text" ? { type: "input_text", text: block.text } : imagePart(block)));
}

function blockItems(message: MessageParam): Item[] {
  const { role } = message;
  if (typeof message.content === "string") return [{ type: "message", role, content: message.content }];
  const items: Item[] = [];
  let parts: ContentPart[] = [];
  const flush = () => {
    if (parts.length > 0) items.push({ type: "message", role, content: parts });
    parts = [];
  };
  for (const block of message.content) {
    if (block.type === "text") parts.push(textPart(block.text, role));
    else if (block.type === "image") parts.push(imagePart(block));
    else {
      flush();
      if (block.type === "tool_use") {
        items.push({ type: "function_call", call_id: block.id, name: block.name, arguments: JSON.stringify(block.input), status: "completed" });
      } else if (block.type === "tool_result") {
        items.push({ type: "function_call_output", call_id: block.tool_use_id, output: toolOutput(block.content) });
      } else {
        const signature = block.signature ? { encrypted_content: block.signature } : {};
        items.push({ type: "reasoning", id: `rs_${hex()}`, summary: [{ type: "summary_text", text: block.thinking }], ...signature });
      }
    }
  }
  flush();
  return items;
}

function instructions(system: MessagesRequest["system"]): string | undefined {
  if (system == null) return undefined;
  const text = typeof system === "string" ? system : system.map((block) => block.text).join("\n");
  return text || undefined;
}

function tool(definition: NonNullable<MessagesRequest["tools"]>[number]): FunctionTool {
  // strict: false: Anthropic schemas are not written for OpenAI's strict mode, which would reject them.
  return { type: "function", name: definition.name, description: definition.description ?? null, parameters: definition.input_schema, strict: false };
}

function toolChoice(choice: z.infer<typeof ToolChoice>): ResponsesCreateParams["tool_choice"] {
  if (choice.type === "any") return "required";
  if (choice.type === "tool") return { type: "function", name: choice.name };
  return choice.type;
}

export function toResponsesParams(request: MessagesRequest): ResponsesCreateParams {
  const params: ResponsesCreateParams = {
    input: request.messages.flatMap(blockItems),
    model: request.model,
    max_output_tokens: request.max_tokens,
  };
  const system = instructions(request.system);
  if (system !== undefined) params.instructions = system;
  if (request.temperature != null) params.temperature = request.temperature;
  if (request.top_p != null) params.top_p = request.top_p;
  if (request.tools?.length) params.tools = request.tools.map(tool);
  const choice = request.tool_choice;
  if (choice) {
    params.tool_choice = toolChoice(choice);
    if ("disable_parallel_tool_use" in choice && choice.disable_parallel_tool_use) params.parallel_tool_calls = false;
  }
  return params;
}
