// `edge-gym collect`: run rows through agents of a running stack and write the rollouts.
import { collect as runCollect } from "../collect/collect.ts";
import { HEAD_URL_DEFAULT, UsageError, parseCommand, positiveInt } from "./args.ts";

export const help =
  "collect --input in.jsonl --output out.jsonl [--agent NAME] [--concurrency 16] [--num-repeats 1] [--limit N] [--head-url URL]   collect rollouts from a running stack";

export async function collect(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, {
    input: { type: "string" },
    output: { type: "string" },
    agent: { type: "string" },
    concurrency: { type: "string" },
    "num-repeats": { type: "string" },
    limit: { type: "string" },
    "head-url": { type: "string" },
    "rollout-timeout-s": { type: "string" },
  });
  if (overrides.length) throw new UsageError(`collect takes flags, not config overrides: ${overrides[0]}`);
  if (!values.input) throw new UsageError("collect needs --input FILE.jsonl");
  if (!values.output) throw new UsageError("collect needs --output FILE.jsonl");
  const summary = await runCollect({
    headUrl: values["head-url"] ?? HEAD_URL_DEFAULT,
    input: values.input,
    output: values.output,
    agent: values.agent,
    concurrency: positiveInt(values.concurrency, "--concurrency", 16),
    numRepeats: positiveInt(values["num-repeats"], "--num-repeats", 1),
    limit: values.limit === undefined ? undefined : positiveInt(values.limit, "--limit", 1),
    rolloutTimeoutS: positiveInt(values["rollout-timeout-s"], "--rollout-timeout-s", 3600),
    progress: true,
  });
  console.log(`${summary.succeeded}/${summary.total} rollouts, mean reward ${summary.meanReward.toFixed(3)}, ${summary.failed} failed`);
  console.log(`rollouts:            ${summary.files.rollouts}`);
  console.log(`materialized inputs: ${summary.files.materialized}`);
  if (summary.failed) console.log(`failures:            ${summary.files.failures}`);
  return summary.failed ? 1 : 0;
}
