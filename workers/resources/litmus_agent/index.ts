// litmus_agent (NeMo Gym's domain-agnostic answer scorer): the answer is found in the assistant's
// text (extract.ts), parsed by the row's answer type and scored by its rule (rules.ts): a row's
// `match` names the rule, else float -> isclose with the server's float_rel_tol/float_abs_tol,
// bool -> bool_eq, string -> string_eq. Legacy rows with only `property_type` parse numerically,
// and count/fragment/bool/presence default to rounded exact matching. Rows that offer the tool run
// code through stateful_python_code_exec (code_exec.ts); verify and /close_session end the
// rollout's interpreter (one the sandbox cannot be reached to end is left to its idle timeout).
import { z } from "../../../shared/zod.ts";
import { defineResourcesServer, tool, type HandlerContext } from "../../../shared/resources/define.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { closeSandboxSession, runCell } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import { sandboxOf } from "../../../shared/sandbox/target.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import declaration, { CODE_EXEC_TOOL, LitmusAgentConfig, sandboxOutputBytes } from "./declaration.ts";
import { cellOutput } from "./code_exec.ts";
import { assistantText, predictedValue, type AnswerType } from "./extract.ts";
import { applyRule, toFloat, type RuleName } from "./rules.ts";

const LEGACY_TYPES: Record<string, AnswerType> = { float: "float", count: "float", fragment: "float", bool: "bool", presence: "bool" };
const LEGACY_DISCRETE = new Set(["count", "fragment", "bool", "presence"]);
const DEFAULT_RULE: Record<AnswerType, RuleName> = { float: "isclose", bool: "bool_eq", string: "string_eq" };
// Where |predicted - expected| means something: bool/presence restate accuracy, fragment is excluded.
const MAE_PROPERTY_TYPES = new Set(["float", "count"]);

interface Policy {
  answerType: AnswerType;
  parseAs: AnswerType;
  rule: RuleName;
  params: Record<string, unknown>;
}

function policy(answerType: AnswerType | null | undefined, propertyType: unknown, match: Record<string, unknown> | null | undefined): Policy {
  const legacy = typeof propertyType === "string" ? LEGACY_TYPES[propertyType] : undefined;
  const resolved = answerType ?? legacy;
  if (!resolved) throw invalidRequest([{ path: "answer_type", message: `required: property_type ${JSON.stringify(propertyType ?? null)} maps to no answer type` }]);
  const legacyDiscrete = !answerType && LEGACY_DISCRETE.has(propertyType as string);
  const chosen = match && "rule" in match ? match : legacyDiscrete ? { rule: "exact" } : null;
  const { rule, ...params } = chosen ?? { rule: DEFAULT_RULE[resolved] };
  return { answerType: resolved, parseAs: legacyDiscrete ? "float" : resolved, rule: rule as RuleName, params };
}

function absError(predicted: number | string | null, expected: number | string, propertyType: unknown, answerType: AnswerType): number | null {
  const continuous = propertyType !== undefined && propertyType !== null ? MAE_PROPERTY_TYPES.has(propertyType as string) : answerType === "float";
  if (!continuous || predicted === null) return null;
  const p = toFloat(predicted);
  const e = toFloat(expected);
  if (p === null || e === null) return null;
  const error = Math.abs(p - e);
  return Number.isFinite(error) ? error : null;
}

const configOf = (ctx: HandlerContext) => instanceConfig(ctx.env, LitmusAgentConfig);

async function endInterpreter(ctx: HandlerContext): Promise<void> {
  // A request without a session never ran code: there is no interpreter to end.
  if (ctx.session.fresh) return;
  try {
    await closeSandboxSession(sandboxOf(configOf(ctx), ctx.env), ctx.session.id);
  } catch (err) {
    if (!(err instanceof VerifierFailure)) throw err;
  }
}

const server = defineResourcesServer({
  declaration,
  tools: {
    [CODE_EXEC_TOOL]: tool({
      // The reference runs an empty cell when `code` is missing.
      input: z.looseObject({ code: z.string().default("") }),
      // The model reads the cell's output as it is, as the reference answers it (plain text).
      plainText: true,
      async run({ code }, ctx): Promise<string> {
        await ctx.session.state.requireSeeded();
        const config = configOf(ctx);
        const limits = {
          wall_s: config.code_exec_timeout_s,
          // CPU time is the whole session's: as much as the sandbox allows, the wall limit bounds each cell.
          cpu_s: LIMIT_MAXIMA.cpu_s,
          memory_mb: config.memory_mb,
          output_bytes: sandboxOutputBytes(config.code_exec_max_output_chars),
        };
        const cell = await runCell(sandboxOf(config, ctx.env), ctx.session.id, { code, limits, idle_ttl_s: config.session_idle_ttl_s });
        return cellOutput(cell, config.code_exec_timeout_s, config.code_exec_max_output_chars);
      },
    }),
  },
  async closeSession(ctx) {
    await endInterpreter(ctx);
  },
  answerKey: "predicted_value",
  async verify(body, ctx) {
    const config = configOf(ctx);
    const { answerType, parseAs, rule, params } = policy(body.answer_type, body.property_type, body.match);
    const predicted = predictedValue(assistantText(body.response.output), parseAs, body);
    const tolerances = { rel_tol: config.float_rel_tol, abs_tol: config.float_abs_tol, ...params } as { rel_tol: number; abs_tol: number };
    const reward = predicted === null || Number.isNaN(predicted) ? 0 : applyRule(rule, predicted, body.expected_answer, tolerances);
    await endInterpreter(ctx);
    return {
      reward,
      predicted_value: predicted,
      correct: reward === 1,
      resolved_answer_type: answerType,
      resolved_reward_rule: rule,
      abs_error: absError(predicted, body.expected_answer, body.property_type, answerType),
    };
  },
});

export default server;
export { SessionDO } from "../../../durable_objects/session_do.ts";
export const Rpc = rpcEntrypoint(server);
