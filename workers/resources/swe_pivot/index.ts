// SWE pivot (PivotRL): the rollout's first tool call against the action the demonstration took at
// this turn, in levels, each a gate: the tool (level 0), its target (1), its arguments' similarity
// (2), then in continuous mode a penalty for large edits (4). No judge. The first failing level
// names the failure; the levels not reached stay null, as the reference reports them.
import declaration, { SwePivotConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import type { VerifyResult } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import type { Item } from "../../../shared/schemas/responses.ts";
import { parseExact } from "../../../shared/json/exact.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { argumentSimilarity, diffSizePenalty, targetMatches, toolCategory, toolNameMatches } from "./levels.ts";
import { PyTypeError, pyJsonDumps } from "./py_values.ts";

type Failure = "none" | "expected_action_invalid" | "model_output_invalid" | "tool_name_mismatch" | "target_mismatch" | "similarity_below_threshold" | "unknown_error";

interface Call {
  name: string;
  /** The arguments as JSON text or an object. */
  arguments: unknown;
}

/** A function_call action: an object with type "function_call" (the schema made sure it has a name). */
function asCall(value: unknown): Call | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const action = value as Record<string, unknown>;
  return action.type === "function_call" ? { name: action.name as string, arguments: action.arguments ?? "" } : undefined;
}

/** The demonstrated call: expected_action, else expected_answer's JSON, else metadata.expected_action. */
function expectedCall(row: { expected_action?: unknown; expected_answer?: string | null; metadata?: Record<string, unknown> | null }): Call | undefined {
  const fromAnswer = () => {
    try {
      return asCall(JSON.parse(row.expected_answer!));
    } catch {
      return undefined;
    }
  };
  return asCall(row.expected_action) ?? (row.expected_answer ? fromAnswer() : undefined) ?? asCall(row.metadata?.expected_action);
}

/** Arguments as Python reads them: an object as it is, JSON text parsed (any JSON value), anything else (or bad JSON) as {}. */
function parsedArguments(raw: unknown): unknown {
  if (typeof raw === "string") {
    try {
      return parseExact(raw);
    } catch {
      return {};
    }
  }
  return typeof raw === "object" && raw !== null && !Array.isArray(raw) ? raw : {};
}

const firstCall = (output: readonly Item[]): Call | undefined => {
  const item = output.find((o) => o.type === "function_call");
  return item?.type === "function_call" ? { name: item.name, arguments: item.arguments } : undefined;
};

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body, { env }) {
    const config = instanceConfig(env, SwePivotConfig);
    const fields = {
      uuid: body.uuid ?? null,
      expected_answer: body.expected_answer || "",
      model_output: "",
      tool_name_match: false,
      target_match: null as boolean | null,
      similarity_score: null as number | null,
      diff_size_penalty: null as number | null,
      metadata: body.metadata ?? null,
    };
    const result = (reward: number, failure_reason: Failure): VerifyResult => ({ ...fields, reward, failure_reason });

    const expected = expectedCall(body);
    if (!expected) return result(0, "expected_action_invalid");
    const call = firstCall(body.response.output);
    if (!call) {
      fields.model_output = "(no function_call in response)";
      return result(0, "model_output_invalid");
    }
    const [expectedArgs, args] = [parsedArguments(expected.arguments), parsedArguments(call.arguments)];
    const [expectedCategory, category] = [toolCategory(expected.name), toolCategory(call.name)];
    fields.model_output = `${call.name}(${pyJsonDumps(args).slice(0, 500)})`;
    try {
      fields.tool_name_match = toolNameMatches(call.name, category, expected.name, expectedCategory);
      if (!fields.tool_name_match) return result(0, "tool_name_mismatch");
      if (config.enable_target_match) {
        fields.target_match = targetMatches(category, args, expectedCategory, expectedArgs);
        if (!fields.target_match) return result(0, "target_mismatch");
      }
      let reward = 1;
      if (config.enable_argument_similarity) {
        const similarity = argumentSimilarity(category, args, expectedCategory, expectedArgs);
        fields.similarity_score = similarity;
        const [threshold, full] = [config.similarity_threshold, config.similarity_full_credit];
        const floor = config.reward_mode === "binary" ? full : threshold;
        if (similarity < floor) return result(0, "similarity_below_threshold");
        reward = similarity >= full ? 1 : 0.5 + (0.5 * (similarity - threshold)) / (full - threshold);
      }
      if (config.enable_diff_size_shaping && config.reward_mode === "continuous") {
        fields.diff_size_penalty = diffSizePenalty(category, args, config.diff_size_alpha);
        reward *= 1 - fields.diff_size_penalty;
      }
      return result(reward, "none");
    } catch (err) {
      // Arguments of a shape the levels cannot read (a list where keys are read): the reference's catch-all.
      if (err instanceof PyTypeError) return result(0, "unknown_error");
      throw err;
    }
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
