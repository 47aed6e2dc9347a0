// `eval run`'s usage line, apart from its module: `edge-gym eval <subcommand>` lists every
// subcommand's usage without loading the stack `run` starts.
import { POLICY_HELP } from "./policy.ts";

export const help =
  `eval [--config a.yaml ...] [--environment NAME] [--num-repeats 4] [--concurrency 16] [--output-dir DIR [--resume]] [--no-health-check | --health-check-ignore ID,ID] ${POLICY_HELP} [key=value ...]   ` +
  "start a local stack, collect over the example datasets, profile, check rollout health, print pass@k";
