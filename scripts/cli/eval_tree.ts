// `edge-gym eval <subcommand>`: NeMo Gym's `gym eval` tree. `run` is the eval `npm start` runs,
// and a bare `eval` (or one whose first argument is a flag) is `run`, as before the tree existed.
// `run` loads only when it runs: its stack's modules take seconds to load.
import { help as runHelp } from "./eval_run_help.ts";
import * as reverify from "./eval_reverify.ts";
import * as aggregate from "./eval_aggregate.ts";
import * as healthCheck from "./eval_health_check.ts";
import * as profile from "./profile.ts";

const SUBCOMMANDS: Record<string, { run: (argv: string[]) => Promise<number>; help: string }> = {
  run: { run: async (argv) => (await import("./eval.ts")).evaluate(argv), help: runHelp },
  reverify: { run: reverify.reverify, help: reverify.help },
  aggregate: { run: aggregate.aggregate, help: aggregate.help },
  "health-check": { run: healthCheck.healthCheck, help: healthCheck.help },
  profile: { run: profile.profile, help: `eval ${profile.help.replace(/ \(also `eval profile`\)$/, "")}` },
};

// The dispatcher prints this for any `eval ... --help`: every subcommand's usage, `run`'s first.
export const help = Object.values(SUBCOMMANDS)
  .map((s, i) => (i === 0 ? s.help.replace(/^eval /, "eval [run] ") : `  ${s.help}`))
  .join("\n");

export function evalCommand(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  const sub = first !== undefined && Object.hasOwn(SUBCOMMANDS, first) ? first : undefined;
  return SUBCOMMANDS[sub ?? "run"]!.run(sub ? rest : argv);
}
