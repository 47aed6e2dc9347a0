// litmus_agent: a domain-agnostic answer scorer. Rows say how to find the answer (output_regex,
// answer_format or use_box_format), how to parse it (answer_type, or a legacy property_type) and
// how to compare it (match, else the type's default rule). Domain fields ride along untouched.
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { SandboxSettings } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA, SESSION_IDLE_TTL_DEFAULT_S, SESSION_IDLE_TTL_MAX_S } from "../../../shared/sandbox/schema.ts";
import { ANSWER_FORMATS } from "./formats.ts";
import { RULE_NAMES } from "./rules.ts";

// NeMo's config reads the tolerances from the environment (oc.env gives text), so text is read as a number.
const tolerance = z.coerce.number().nonnegative().default(1e-6);

// The sandbox keeps 4 bytes a character plus one more character, so a stream it cut is longer than the cap.
export const sandboxOutputBytes = (chars: number) => 4 * (chars + 1);

export const CODE_EXEC_TOOL = "stateful_python_code_exec";

export const LitmusAgentConfig = ResourcesServerConfig.safeExtend({
  ...SandboxSettings.shape,
  float_rel_tol: tolerance,
  float_abs_tol: tolerance,
  // Tools are declared by name, so only the reference's default name is served.
  code_exec_tool_name: z.literal(CODE_EXEC_TOOL).default(CODE_EXEC_TOOL),
  /** Seconds one cell may run (the reference's default). */
  code_exec_timeout_s: z.coerce.number().min(1).max(LIMIT_MAXIMA.wall_s).default(120),
  /** Characters of a cell's output the model is shown. */
  code_exec_max_output_chars: z.coerce.number().int().nonnegative().max(LIMIT_MAXIMA.output_bytes / 4 - 1).default(10000),
  /** Address space of the interpreter, MiB. */
  memory_mb: z.int().min(64).max(LIMIT_MAXIMA.memory_mb).default(1024),
  /** Seconds without a call after which the sandbox drops an interpreter (a rollout that never closes). */
  session_idle_ttl_s: z.number().min(1).max(SESSION_IDLE_TTL_MAX_S).default(SESSION_IDLE_TTL_DEFAULT_S),
  // NeMo's provider settings (sandbox_provider, sandbox_spec, code_exec_user) are read by its
  // sandbox client; here sandbox_url names the sandbox, and they are accepted and unused.
}).refine((c) => c.sandbox_timeout_s > c.code_exec_timeout_s, {
  message: "sandbox_timeout_s must exceed code_exec_timeout_s, or a slow cell would read as a sandbox failure",
  path: ["sandbox_timeout_s"],
});

const MatchSpec = z.looseObject({
  rule: z.enum(RULE_NAMES),
  rel_tol: z.number().nonnegative().optional(),
  abs_tol: z.number().nonnegative().optional(),
});

/** The task fields of a row this server reads. */
export const Task = z.object({
  expected_answer: z.union([z.string(), z.number()]),
  answer_type: z.enum(["float", "bool", "string"]).nullish(),
  property_type: z.unknown().optional(),
  output_regex: z.string().nullish(),
  answer_format: z.enum(ANSWER_FORMATS).nullish(),
  use_box_format: z.boolean().default(false),
  // An empty object means "no override", as in the reference.
  match: z.union([z.strictObject({}), MatchSpec]).nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "(NeMo Gym's names: `litmus_agent`, agent `litmus_agent_agent`) every assistant message's text, joined and stripped; the answer is the last match of the row's `output_regex` (a Python pattern, DOTALL, exactly one group), else of its `answer_format` (the 31 `fmt_00`..`fmt_30` wrappers, matched as Python's `re.findall` matches them, by linear literal scans), else `use_box_format` (boxed, or double parentheses); parsed by `answer_type` (`float`: `float()`, else the last number; `bool`: yes/no/true/present... or a number's truth; `string`: as captured) and compared by the row's `match` rule or the type's default: `exact` (Python's half-to-even `round`), `isclose` (default for float, the server's `float_rel_tol`/`float_abs_tol`, read from text as NeMo's `oc.env` gives them), `abs_window`, `rel_window` (a row without its tolerance takes the server's), `bool_eq`, `string_eq` (case and whitespace runs ignored); legacy rows with only `property_type` parse numerically, count/fragment/bool/presence by rounded exact; `predicted_value`, `correct`, `resolved_answer_type`, `resolved_reward_rule`, `abs_error` (float and count rows only); rows offering `stateful_python_code_exec` run cells in the rollout's own sandbox interpreter (its output, stdout then stderr, cut at `code_exec_max_output_chars`); domain fields echoed",
  reward: "0/1 (the rule's)",
  answerKey: "`predicted_value`",
};

export default resourcesServer({ catalogue, task: Task, config: LitmusAgentConfig, stateful: true });
