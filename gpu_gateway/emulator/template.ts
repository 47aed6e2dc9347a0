// A Qwen2.5-style ChatML template with Hermes tool calling, rendered by @huggingface/jinja exactly
// as a HF tokenizer would render it. The assistant body is one fragment shared with the completion
// renderer, so a generated turn is tokenized the same way it is rendered when it comes back as history.
// GenRM's roles (principle, response_1, response_2) render as turns of their own, as a GenRM's template does.
import { Template } from "@huggingface/jinja";
import type { ChatTool } from "../../shared/schemas/chat.ts";
import type { Turn } from "./messages.ts";

const DEFAULT_SYSTEM = "You are a helpful assistant.";

const ASSISTANT_BODY = String.raw`
    {%- if message.content %}
        {{- '\n' + message.content }}
    {%- endif %}
    {%- if message.tool_calls %}
        {%- for tool_call in message.tool_calls %}
            {{- '\n<tool_call>\n{"name": "' }}
            {{- tool_call.function.name }}
            {{- '", "arguments": ' }}
            {{- tool_call.function.arguments | tojson }}
            {{- '}\n</tool_call>' }}
        {%- endfor %}
    {%- endif %}`;

const CHAT_TEMPLATE = String.raw`
{%- if tools %}
    {{- '<|im_start|>system\n' }}
    {%- if messages[0].role == 'system' %}
        {{- messages[0].content }}
    {%- else %}
        {{- '${DEFAULT_SYSTEM}' }}
    {%- endif %}
    {{- "\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>" }}
    {%- for tool in tools %}
        {{- "\n" }}
        {{- tool | tojson }}
    {%- endfor %}
    {{- "\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n" }}
{%- else %}
    {%- if messages[0].role == 'system' %}
        {{- '<|im_start|>system\n' + messages[0].content + '<|im_end|>\n' }}
    {%- else %}
        {{- '<|im_start|>system\n${DEFAULT_SYSTEM}<|im_end|>\n' }}
    {%- endif %}
{%- endif %}
{%- for message in messages %}
    {%- if message.role in ['user', 'principle', 'response_1', 'response_2'] or (message.role == 'system' and not loop.first) or (message.role == 'assistant' and not message.tool_calls) %}
        {{- '<|im_start|>' + message.role + '\n' + message.content + '<|im_end|>\n' }}
    {%- elif message.role == 'assistant' %}
        {{- '<|im_start|>assistant' }}
        ${ASSISTANT_BODY}
        {{- '<|im_end|>\n' }}
    {%- elif message.role == 'tool' %}
        {%- if loop.first or messages[loop.index0 - 1].role != 'tool' %}
            {{- '<|im_start|>user' }}
        {%- endif %}
        {{- '\n<tool_response>\n' + message.content + '\n</tool_response>' }}
        {%- if loop.last or messages[loop.index0 + 1].role != 'tool' %}
            {{- '<|im_end|>\n' }}
        {%- endif %}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|im_start|>assistant\n' }}
{%- endif %}`;

// Parsed once: rendering is on the hot path.
const chat = new Template(CHAT_TEMPLATE);
const assistantBody = new Template(ASSISTANT_BODY);
const json = new Template("{{ value | tojson }}");

export function renderPrompt(messages: readonly Turn[], tools: readonly ChatTool[] | undefined, addGenerationPrompt: boolean): string {
  return chat.render({ messages, tools: tools?.length ? tools : undefined, add_generation_prompt: addGenerationPrompt });
}

/**
 * The text the model generates for an assistant turn, without the end-of-turn token. The generation
 * prompt already ends in a newline, which the body's leading newline stands for.
 */
export function renderCompletion(message: Pick<Turn, "content" | "tool_calls">): string {
  return assistantBody.render({ message }).slice(1);
}

/** JSON as the template's `tojson` writes it (Python's separators), as vLLM's tool parser returns arguments. */
export function toJsonText(value: unknown): string {
  return json.render({ value });
}
