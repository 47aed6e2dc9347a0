// StructEval's non-renderable tasks: the reply's code (fenced, between <|BEGIN_CODE|> tags, or the
// whole reply) must parse as the row's output type (render_score 1) and hold the row's expected
// paths (key_validation_score, their share, checked only on a render). Reward
// round(0.2 * render + 0.8 * keys, 2). raw_output_score, reported beside it, is the share of the
// paths that appear verbatim (any case) in the reply.
import declaration from "./declaration.ts";
import { extractCode } from "./extract.ts";
import { parseCode } from "./parse.ts";
import { pathExists } from "./paths.ts";
import { pyRound } from "../../../shared/verifiers/python_round.ts";
import { computeMetrics } from "./metrics.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

function rawOutputScore(reply: string, paths: readonly string[]): number {
  if (paths.length === 0) return 0;
  const lower = reply.toLowerCase();
  return paths.filter((p) => lower.includes(p.toLowerCase())).length / paths.length;
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  // NeMo's environment reports no pass@k; its means per output type, input type and task name come from computeMetrics.
  scores: {},
  computeMetrics,
  verify(body) {
    const reply = joinedOutputText(body.response.output);
    if (reply.trim() === "") {
      return { reward: 0, render_score: 0, key_validation_score: 0, raw_output_score: 0, error_type: "empty_response", error_message: "No assistant response text" };
    }
    const parsed = parseCode(extractCode(reply), body.output_type.toLowerCase());
    const paths = body.raw_output_metric;
    const render = parsed.ok ? 1 : 0;
    const keys = parsed.ok && paths.length > 0 ? paths.filter((p) => pathExists(parsed.value, p)).length / paths.length : 0;
    return {
      reward: pyRound(0.2 * render + 0.8 * keys, 2),
      render_score: render,
      key_validation_score: keys,
      raw_output_score: rawOutputScore(reply, paths),
      error_type: parsed.ok ? null : parsed.error_type,
      error_message: parsed.ok ? null : parsed.error_message,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
