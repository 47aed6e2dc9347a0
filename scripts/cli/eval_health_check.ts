// `edge-gym eval health-check RUN_DIR`: NeMo Gym's standalone rollout health check over a finished
// run (scripts/eval/health.ts), reports written into RUN_DIR.
import { existsSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { parseArgs } from "node:util";
import { checkIgnored, healthLines, runHealthChecks } from "../eval/health.ts";
import { UsageError, positiveInt } from "./args.ts";

export const help =
  "eval health-check RUN_DIR [--rollouts-file rollouts.jsonl] [--ignore-checks ID,ID] [--workers N]   " +
  "NeMo's rollout health checks: writes quality_summary.json and rollout_verdicts.jsonl into RUN_DIR";

/** `--ignore-checks a,b` (NeMo's `--ignore` too), repeatable. */
export const ignoredChecks = (values: readonly string[] | undefined): string[] =>
  (values ?? []).flatMap((v) => v.split(",")).map((id) => id.trim()).filter((id) => id !== "");

/** Runs `check`; what it throws is the user's to fix: a usage error. */
export function usageChecked(check: () => void): void {
  try {
    check();
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export async function healthCheck(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        "rollouts-file": { type: "string" },
        "ignore-checks": { type: "string", multiple: true },
        ignore: { type: "string", multiple: true },
        // Accepted so NeMo's commands run unchanged: the checks here read each line once, in one process.
        workers: { type: "string" },
      },
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message.split("\n")[0]}; usage: edge-gym ${help.replace(/\s{2,}.*$/, "")}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(`eval health-check expects one run directory, got ${positionals.length}`);
  positiveInt(values.workers, "--workers", 1);
  const runDir = positionals[0]!;
  if (!existsSync(runDir) || !statSync(runDir).isDirectory()) throw new UsageError(`run directory not found: ${runDir}`);
  const file = values["rollouts-file"] ?? "rollouts.jsonl";
  // NeMo: a relative --rollouts-file is under the run directory.
  const rollouts = isAbsolute(file) ? file : join(runDir, file);
  if (!existsSync(rollouts)) throw new UsageError(`rollouts file not found: ${rollouts} (choose one with --rollouts-file)`);
  const ignored = ignoredChecks([...(values["ignore-checks"] ?? []), ...(values.ignore ?? [])]);
  usageChecked(() => checkIgnored(ignored));
  const report = await runHealthChecks(rollouts, runDir, ignored);
  for (const line of healthLines(report)) console.log(line);
  return 0;
}
