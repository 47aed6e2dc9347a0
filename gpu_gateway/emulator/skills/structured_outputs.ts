// structured_outputs: a record extracted from a text, as JSON in the reply or, for rows in
// tool_call mode, as the arguments of the function the prompt names.
import { jsonSchema } from "../policy/json_schema.ts";
import { asksForToolCall, schemaToolCall } from "../policy/schema_tool_call.ts";
import type { Situation, Skill } from "../policy/types.ts";

export default {
  play: (situation: Situation) => (asksForToolCall(situation) ? schemaToolCall : jsonSchema).play(situation),
} satisfies Skill;
