// Roles that a model's own chat template defines beyond OpenAI's (GenRM's response_1, response_2,
// principle). vLLM renders any role its template knows, so such messages go upstream as they are.
// In a Responses input they close the conversation: they follow every other item, and go upstream
// after the converted conversation, where the template expects them.
import { ChatCompletionRequest, ChatMessage } from "../../schemas/chat.ts";
import { InputText, Item, ResponsesCreateParams } from "../../schemas/responses.ts";
import { invalidRequest } from "../../server/errors.ts";
import { z } from "../../zod.ts";

export const TemplateMessage = z.looseObject({ role: z.string(), content: z.string() });
export type TemplateMessage = z.infer<typeof TemplateMessage>;

/** What goes to vLLM: a chat request whose messages may be in template roles. */
export const UpstreamChatRequest = ChatCompletionRequest.extend({ messages: z.array(z.union([ChatMessage, TemplateMessage])).min(1) });
export type UpstreamChatRequest = z.infer<typeof UpstreamChatRequest>;

const TemplateItem = z.looseObject({ type: z.literal("message").optional(), role: z.string(), content: z.union([z.string(), z.array(InputText)]) });
type TemplateItem = z.infer<typeof TemplateItem>;

// Rows are non-streaming (SPEC "Data formats"); a client of the server may ask for SSE.
const Streamable = ResponsesCreateParams.extend({ stream: z.boolean().nullish() });
const ResponsesRequest = Streamable.extend({ input: z.union([z.string(), z.array(z.union([Item, TemplateItem]))]) });
export type ResponsesRequest = z.infer<typeof ResponsesRequest>;

// The model is the configured one, whatever the body names; metadata may carry template messages.
const ChatRequest = UpstreamChatRequest.extend({ model: z.string().min(1).optional(), metadata: z.record(z.string(), z.string()).nullish() });
export type ChatRequest = z.infer<typeof ChatRequest>;

const only = (roles: readonly string[]) => z.enum(roles as [string, ...string[]]);
const schemas = new Map<string, z.ZodType>();

function cached<T>(key: string, make: () => z.ZodType): z.ZodType<T> {
  if (!schemas.has(key)) schemas.set(key, make());
  return schemas.get(key) as z.ZodType<T>;
}

/** A /v1/responses body, whose input may end in messages of these roles. */
export function responsesRequest(roles: readonly string[]): z.ZodType<ResponsesRequest> {
  return cached(`responses:${roles}`, () =>
    // Item first: on a bad conversation item, its error is the one worth reporting.
    roles.length === 0 ? Streamable : ResponsesRequest.extend({ input: z.union([z.string(), z.array(z.union([Item, TemplateItem.extend({ role: only(roles) })]))]) }),
  );
}

/** A /v1/chat/completions body, whose messages may be in these roles too. */
export function chatRequest(roles: readonly string[]): z.ZodType<ChatRequest> {
  return cached(`chat:${roles}`, () =>
    ChatRequest.extend({ messages: z.array(roles.length === 0 ? ChatMessage : z.union([ChatMessage, TemplateMessage.extend({ role: only(roles) })])).min(1) }),
  );
}

const isTemplateItem = (item: Item | TemplateItem, roles: readonly string[]): item is TemplateItem =>
  (item.type === undefined || item.type === "message") && typeof item.role === "string" && roles.includes(item.role);

/** The conversation's own items, and the template messages that close it (a 400 if anything follows them). */
export function splitTemplateMessages(input: ResponsesRequest["input"], roles: readonly string[]): { input: ResponsesCreateParams["input"]; messages: TemplateMessage[] } {
  if (typeof input === "string") return { input, messages: [] };
  const first = input.findIndex((item) => isTemplateItem(item, roles));
  if (first === -1) return { input: input as Item[], messages: [] };
  const messages = input.slice(first).map((item, i): TemplateMessage => {
    if (!isTemplateItem(item, roles)) {
      const message = `follows a ${(input[first] as TemplateItem).role} message (input[${first}]): messages in the chat template's roles (${roles.join(", ")}) close the conversation`;
      throw invalidRequest([{ path: `input[${first + i}]`, message }]);
    }
    return { role: item.role, content: typeof item.content === "string" ? item.content : item.content.map((part) => part.text).join("\n") };
  });
  return { input: input.slice(0, first) as Item[], messages };
}
