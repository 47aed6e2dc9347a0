// Math with a Python tool (NeMo Gym's math_with_code): execute_python runs cells in one stateful
// sandbox interpreter per rollout (the sandbox session is this server's session id), end_session
// ends it. The final answer (extract.ts) is graded against expected_result by the shared math
// equivalence, no judge; it peels the `\( \)` and `$ $` that expected results often carry
// (math/normalize.ts), so `\(42\)` matches a boxed 42. Verify and /close_session end the
// interpreter too; a sandbox that cannot be reached there is left to its idle timeout.
import { z } from "../../../shared/zod.ts";
import declaration, { MathWithCodeConfig, sandboxOutputBytes } from "./declaration.ts";
import { defineResourcesServer, tool, type HandlerContext } from "../../../shared/resources/define.ts";
import { closeSandboxSession, runCell } from "../../../shared/sandbox/client.ts";
import { sandboxOf } from "../../../shared/sandbox/target.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { mathEquivalent } from "../../../shared/verifiers/math/equivalent.ts";
import { extractAnswer } from "./extract.ts";
import { toolAnswer, type ExecutePythonAnswer } from "./tool_answer.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const configOf = (ctx: HandlerContext) => instanceConfig(ctx.env, MathWithCodeConfig);

/** Ends the session's interpreter, if the sandbox can be reached: else its idle timeout will. */
async function endInterpreter(ctx: HandlerContext): Promise<void> {
  // A request without a session never ran code: there is no interpreter to end.
  if (ctx.session.fresh) return;
  try {
    await closeSandboxSession(sandboxOf(configOf(ctx), ctx.env), ctx.session.id);
  } catch (err) {
    if (!(err instanceof VerifierFailure)) throw err;
  }
}

const ENDED: ExecutePythonAnswer = { success: true, stdout: "", stderr: "", error_message: null, result: null };

const server = defineResourcesServer({
  declaration,
  tools: {
    execute_python: tool({
      input: z.object({ code: z.string() }),
      async run({ code }, ctx): Promise<ExecutePythonAnswer> {
        await ctx.session.state.requireSeeded();
        const config = configOf(ctx);
        const limits = {
          wall_s: config.max_execution_time,
          // CPU time is the whole session's: as much as the sandbox allows, the wall limit bounds each cell.
          cpu_s: LIMIT_MAXIMA.cpu_s,
          memory_mb: config.memory_mb,
          output_bytes: sandboxOutputBytes(config.max_output_chars),
        };
        const cell = await runCell(sandboxOf(config, ctx.env), ctx.session.id, { code, limits, idle_ttl_s: config.session_idle_ttl_s });
        return toolAnswer(cell, config);
      },
    }),
    end_session: tool({
      input: z.object({}),
      async run(_args, ctx): Promise<ExecutePythonAnswer> {
        await ctx.session.state.requireSeeded();
        await endInterpreter(ctx);
        return ENDED;
      },
    }),
  },
  async closeSession(ctx) {
    await endInterpreter(ctx);
  },
  answerKey: "extracted_answer",
  async verify(body, ctx) {
    const answer = extractAnswer(body.response.output);
    const accuracy = answer !== null && mathEquivalent(body.expected_result, answer).equal;
    await endInterpreter(ctx);
    return { reward: accuracy ? 1.0 : 0.0, extracted_answer: answer, accuracy };
  },
});

export default server;
export { SessionDO } from "../../../durable_objects/session_do.ts";
export const Rpc = rpcEntrypoint(server);
