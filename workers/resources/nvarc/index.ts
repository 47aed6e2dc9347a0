// NVARC (ARC-AGI) in NeMo Gym's two modes. Transductive: the reply is read as a grid of digits
// (a \boxed{} block if any); inductive: the reply's program is run in the sandbox and its
// transform(test_input) is the grid. Reward 1 iff the grid equals expected_output exactly.
import declaration, { NvarcConfig, RUN_SLACK_S } from "./declaration.ts";
import type { Grid } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { runInSandbox } from "../../../shared/sandbox/client.ts";
import { LIMIT_MAXIMA } from "../../../shared/sandbox/schema.ts";
import { sandboxOf } from "../../../shared/sandbox/target.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { extractProgram, parseGrid } from "./parse.ts";
import { gridOf, transformRun } from "./program.ts";

const sameGrid = (a: Grid, b: Grid) => a.length === b.length && a.every((row, i) => row.length === b[i]!.length && row.every((v, j) => v === b[i]![j]));

const server = defineResourcesServer({
  declaration,
  tools: {},
  scores: {},
  async verify(body, { env }) {
    const config = instanceConfig(env, NvarcConfig);
    const mode = body.agent_mode || config.agent_mode;
    const reply = assistantText(body.response.output);
    let predicted: Grid | undefined;
    if (mode === "inductive") {
      const program = extractProgram(reply);
      if (program !== undefined) {
        const wall = Math.min(LIMIT_MAXIMA.wall_s, config.python_timeout_seconds + RUN_SLACK_S);
        const limits = { wall_s: wall, cpu_s: Math.min(LIMIT_MAXIMA.cpu_s, wall), memory_mb: config.memory_mb };
        const run = await runInSandbox(sandboxOf(config, env), transformRun(program, body.test_input, config.python_timeout_seconds, limits));
        predicted = gridOf(run.stdout, run.exit_code);
      }
    } else {
      predicted = parseGrid(reply);
    }
    const exact = predicted !== undefined && sameGrid(predicted, body.expected_output);
    return {
      reward: exact ? 1 : 0,
      expected_output: body.expected_output,
      predicted_output: predicted ?? null,
      extraction_successful: predicted !== undefined,
      exact_match: exact,
      agent_mode: mode,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
