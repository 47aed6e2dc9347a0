// NeMo Gym's older command names (`ng_run`, `nemo_gym_collect_rollouts`, ...), each a deprecated
// alias of a `gym` command there, as aliases of the edge-gym command that does the same here: a
// script written for NeMo Gym runs with `edge-gym` in front. Each use says what it stands for.
import { UsageError } from "./args.ts";

/** NeMo's name without its `ng_` / `nemo_gym_` prefix -> NeMo's `gym` command and ours. */
export const LEGACY: Record<string, { gym: string; ours: string[] }> = {
  run: { gym: "env start", ours: ["env", "start"] },
  test: { gym: "env test", ours: ["env", "test"] },
  test_all: { gym: "env test", ours: ["env", "test"] },
  init_resources_server: { gym: "env init", ours: ["env", "init"] },
  dump_config: { gym: "env resolve", ours: ["env", "resolve"] },
  validate: { gym: "env validate", ours: ["env", "validate"] },
  status: { gym: "env status", ours: ["env", "status"] },
  list_benchmarks: { gym: "list benchmarks", ours: ["list", "benchmarks"] },
  collect_rollouts: { gym: "eval run --no-serve", ours: ["collect"] },
  e2e_collect_rollouts: { gym: "eval run", ours: ["eval", "run"] },
  aggregate_rollouts: { gym: "eval aggregate", ours: ["eval", "aggregate"] },
  reward_profile: { gym: "eval profile", ours: ["profile"] },
  help: { gym: "--help", ours: ["--help"] },
  version: { gym: "--version", ours: ["version"] },
};

// NeMo's names for work that has no counterpart here (datasets on HF/GitLab, Python venvs).
const UNSUPPORTED = new Set(["dev_test", "prepare_benchmark", "materialize_prompts", "upload_dataset_to_gitlab", "download_dataset_from_gitlab", "prepare_data", "upload_dataset_to_hf", "download_dataset_from_hf", "gitlab_to_hf_dataset", "delete_dataset_from_gitlab", "pip_list", "reinstall"]);

const PREFIX = /^(ng_|nemo_gym_)/;

export const isLegacy = (name: string) => PREFIX.test(name);

/** The edge-gym argv a legacy command line stands for, and the note saying so. */
export function translateLegacy(name: string, rest: string[]): { argv: string[]; note: string } {
  const key = name.replace(PREFIX, "");
  const entry = LEGACY[key];
  if (!entry) {
    throw new UsageError(UNSUPPORTED.has(key) ? `${name} (gym's ${key}) has no edge-gym counterpart; run edge-gym --help for what there is` : `${name} is no NeMo Gym command edge-gym knows; run edge-gym --help`);
  }
  return { argv: [...entry.ours, ...rest], note: `${name} is NeMo Gym's deprecated spelling of \`gym ${entry.gym}\`: running edge-gym ${entry.ours.join(" ")}` };
}
