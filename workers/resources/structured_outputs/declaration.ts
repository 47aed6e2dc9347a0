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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the reply (its output text joined, whole: a fenced or prose-wrapped answer does not parse, as in the reference) in the row's `schema_type` (`json`, `yaml` as PyYAML's YAML 1.1, `xml` in xmltodict's shape with text coerced to the schema's types unless `xml_coerce_types: false`, `toml`, `csv` as csv.DictReader rows with cells coerced to the column types) is valid under the row's `schema_str`, read strictly; content unchecked; with `response_mode: tool_call` (NeMo Gym's v4 rows) the answer is instead the episode's one function call, to `tool_name`, its arguments (or `arguments[tool_payload_key]`) validated the same way, and every tool the row offers acknowledges the agent's call; why not in `error_type` / `error_message` (`missing_tool_call`, `multiple_tool_calls`, `wrong_tool_name`, `tool_arguments_parse_error`, `missing_tool_payload_key` in tool_call mode); the schema is read strictly before it is checked, as the reference reads it (an object schema's `required` and `additionalProperties` are replaced, whatever they held: NeMo Gym's v3 row with `required` an object is graded), and one still malformed is a 400; agents under NeMo Gym's names: `structured_outputs_v4_simple_agent` (its tool calls recorded, not run; it runs the examples), `structured_outputs_v3_simple_agent`, and `structured_outputs_simple_agent` (calls recorded, as before)",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: StructuredOutputsConfig, stateful: false });
