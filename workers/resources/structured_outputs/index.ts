// Structured outputs: the answer must validate against the row's JSON schema (`schema_str`, read
// strictly as the reference does); its content is not checked. The answer is the reply's text by
// default (`response_mode: text`), written in the row's `schema_type` (JSON, YAML, XML, TOML or
// CSV; formats.ts), or, in `tool_call` mode, the arguments of the call the reply makes
// (tool_call_answer.ts). An answer that is missing, too large, unparseable or invalid earns 0 with
// `error_type` and `error_message` saying why; a row whose schema is malformed is a 400 naming the
// field path inside the schema.
import declaration, { StructuredOutputsConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { SchemaType, formatAnswer } from "./formats.ts";
import { SchemaText, compileSchema } from "./row_schema.ts";
import { toolCallAnswer } from "./tool_call_answer.ts";
import type { Answer } from "./tool_call_answer.ts";
import type { Validator } from "@cfworker/json-schema";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

// The cap bounds the work per verify: parsing is linear, but uniqueItems compares items pairwise.

const MESSAGE_CHARS = 300;

type Graded = { reward: number; error_type: string | null; error_message: string | null };
const fail = (error_type: string, message: string): Graded => ({ reward: 0, error_type, error_message: message.slice(0, MESSAGE_CHARS) });

function textAnswer(text: string, cap: number, type: SchemaType, schema: unknown, xmlCoerceTypes: boolean): Answer {
  if (!text.trim()) return { ok: false, error_type: "empty_response", message: "no assistant response text" };
  if (text.length > cap) return { ok: false, error_type: "answer_too_large", message: `the answer has ${text.length} characters; this server grades at most ${cap}` };
  return formatAnswer(type, text, { schema, xmlCoerceTypes });
}

function grade(validator: Validator, value: unknown): Graded {
  let result;
  try {
    result = validator.validate(value);
  } catch (err) {
    // A recursive schema follows the answer's nesting; an answer nested deeper than the stack allows is not valid.
    if (err instanceof RangeError) return fail("validation_error", `the answer nests too deeply to validate: ${err.message}`);
    throw err;
  }
  if (result.valid) return { reward: 1, error_type: null, error_message: null };
  // Errors run from the outermost keyword to the one that failed; the last names the cause.
  const cause = result.errors.at(-1)!;
  return fail("validation_error", `${cause.instanceLocation}: ${cause.error} (schema ${cause.keywordLocation})`);
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  // The agent runs every call the model makes, but in tool_call mode the call is the answer, which
  // /verify reads from the response: any tool a row offers just acknowledges it, the same way for
  // the right tool and a distractor.
  // NeMo Gym's structured_outputs compute_metrics: the mean reward per schema type (else
  // "unknown"), problem type, schema representation and each tool-call setting a row names; no pass@k.
  scores: {},
  rewardBreakdown: [
    { field: "schema_type", prefix: "", missing: "unknown" },
    { field: "problem_type", prefix: "" },
    { field: "schema_repr", prefix: "repr_" },
    ...["response_mode", "tool_schema_mode", "tool_choice", "parallel_tool_calls", "num_tools", "has_distractors", "instruction_layout", "instruction_detail_level", "system_instruction_style", "tool_name_style", "distractor_style", "tool_union_mode"].map((field) => ({ field, prefix: `${field}_` })),
  ],
  fallbackTool: (name) => ({ status: "recorded", tool: name, message: "Your call is recorded as the answer; no further call is needed." }),
  verify(body, { env }): Graded {
    const config = instanceConfig(env, StructuredOutputsConfig);
    const cap = config.max_answer_chars;
    // The task schema already checked schema_str, so it compiles.
    const { validator, schema } = compileSchema(body.schema_str) as { validator: Validator; schema: unknown };
    const answer =
      body.response_mode === "tool_call"
        ? toolCallAnswer(body.response.output, body, cap)
        : textAnswer(joinedOutputText(body.response.output), cap, body.schema_type, schema, config.xml_coerce_types);
    return answer.ok ? grade(validator, answer.value) : fail(answer.error_type, answer.message);
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
