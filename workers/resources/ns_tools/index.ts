// NeMo Skills tools (NeMo Gym's ns_tools): stateful_python_code_exec runs cells in one sandbox
// interpreter per rollout (the sandbox session is this server's session id). Verify is
// math_with_judge's answer check (the shared symbolic step, shared/verifiers/math/library_check.ts,
// run in this Worker rather than over a service call, so no other server need run beside it); its
// fields are returned under `delegated_response` as the reference nests them, beside the
// rollout's tool-timing metrics. Verify and /close_session end the interpreter.
import { z } from "../../../shared/zod.ts";
import declaration, { NsToolsConfig } from "./declaration.ts";
import { defineResourcesServer, tool, type HandlerContext } from "../../../shared/resources/define.ts";
import { closeSandboxSession, runCell } from "../../../shared/sandbox/client.ts";
import { sandboxOf } from "../../../shared/sandbox/target.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { libraryCheck } from "../../../shared/verifiers/math/library_check.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { cellText } from "./tool_text.ts";
import { add, NO_TIMINGS, timingMetrics, type ToolTimings } from "./timings.ts";

const configOf = (ctx: HandlerContext) => instanceConfig(ctx.env, NsToolsConfig);
const TIMINGS = "tool_timings";

/** The Python tool's time limit: NeMo Skills' per-tool override, else this server's own. */
const timeoutOf = (config: NsToolsConfig) => config.nemo_skills_tool_overrides.DirectPythonTool?.exec_timeout_s ?? config.exec_timeout_s;

async function endInterpreter(ctx: HandlerContext): Promise<void> {
  if (ctx.session.fresh) return;
  try {
    await closeSandboxSession(sandboxOf(configOf(ctx), ctx.env), ctx.session.id);
  } catch (err) {
    // Unreachable now: the sandbox's idle timeout ends it.
    if (!(err instanceof VerifierFailure)) throw err;
  }
}

/** The rollout's tool timings; none for a request without a live session (never seeded, closed, expired). */
async function recordedTimings(ctx: HandlerContext): Promise<ToolTimings | undefined> {
  if (ctx.session.fresh) return undefined;
  try {
    return await ctx.session.state.get<ToolTimings>(TIMINGS);
  } catch (err) {
    if (err instanceof HttpError && err.type === "session_not_seeded") return undefined;
    throw err;
  }
}

const server = defineResourcesServer({
  declaration,
  tools: {
    stateful_python_code_exec: tool({
      input: z.object({ code: z.string() }),
      // The model reads the cell's output as it is, as the reference answers it (plain text).
      plainText: true,
      async run({ code }, ctx): Promise<string> {
        await ctx.session.state.requireSeeded();
        const config = configOf(ctx);
        const timeout_s = timeoutOf(config);
        const limits = { wall_s: timeout_s, cpu_s: LIMIT_MAXIMA.cpu_s, memory_mb: config.memory_mb, output_bytes: 4 * (config.max_output_chars + 1) };
        const started = Date.now();
        let text: string;
        let outcome: "ran" | "timed_out" | "failed";
        try {
          const cell = await runCell(sandboxOf(config, ctx.env), ctx.session.id, { code, limits, idle_ttl_s: config.session_idle_ttl_s });
          text = cellText(cell, { timeout_s, max_output_chars: config.max_output_chars });
          outcome = cell.timed_out ? "timed_out" : "ran";
        } catch (err) {
          if (!(err instanceof VerifierFailure)) throw err;
          // As the reference answers a failed tool call: an error for the model, counted at verify.
          // The sandbox's address stays out of it.
          text = JSON.stringify({ error: "the code could not be run: the sandbox did not answer" });
          outcome = "failed";
        }
        const seconds = (Date.now() - started) / 1000;
        await ctx.session.state.update<ToolTimings>(TIMINGS, (t) => add(t, seconds, outcome));
        return text;
      },
    }),
  },
  async closeSession(ctx) {
    await endInterpreter(ctx);
  },
  answerKey: "extracted_answer",
  async verify(body, ctx) {
    const config = configOf(ctx);
    const timings = (await recordedTimings(ctx)) ?? NO_TIMINGS;
    const check = libraryCheck(body.expected_answer, assistantText(body.response.output), config.library_budget);
    await endInterpreter(ctx);
    const delegated_response = {
      responses_create_params: body.responses_create_params,
      response: body.response,
      reward: check.library_reward,
      expected_answer: body.expected_answer,
      ...check,
      judge_evaluations: null,
    };
    return { reward: check.library_reward, extracted_answer: check.extracted_answer, delegated_response, ...timingMetrics(timings) };
  },
});

export default server;
export { SessionDO } from "../../../durable_objects/session_do.ts";
export const Rpc = rpcEntrypoint(server);
