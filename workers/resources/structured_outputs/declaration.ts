// structured_outputs: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { SchemaType } from "./formats.ts";
import { SchemaText } from "./row_schema.ts";

export const StructuredOutputsConfig = ResourcesServerConfig.safeExtend({
  max_answer_chars: z.number().int().positive().default(65_536),
  /** As the reference's option: XML text is converted to the schema's number, integer and boolean types. */
  xml_coerce_types: z.boolean().default(true),
});

/** The task fields of a row this server reads. */
export const Task = z.object({
  schema_str: SchemaText,
  schema_type: SchemaType.default("json"),
  response_mode: z.enum(["text", "tool_call"]).default("text"),
  // tool_call mode: the tool the answer must call (any, when absent), and the key of its
  // arguments that holds the answer when the tool wraps it (extraction_wrapper, random_wrapper,
  // multi_key_object rows); the row's `tool_schema_mode` only labels which.
  tool_name: z.string().min(1).nullish(),
  tool_payload_key: z.string().min(1).nullish(),
});

export default resourcesServer({ task: Task, config: StructuredOutputsConfig, stateful: false });
