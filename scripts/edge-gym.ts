#!/usr/bin/env node
// The edge-gym CLI. Each command is a module with its help line, loaded only when it runs: the
// stack's modules (Miniflare) weigh ~90 MB and slow every fetch, and `collect` needs none of it.
// Errors are one line on stderr and a non-zero exit (2 for usage and config errors).
import { UsageError } from "./cli/args.ts";
import { isLegacy, translateLegacy } from "./cli/legacy.ts";
import { ConfigError } from "../shared/config/errors.ts";
import { exitFlushed } from "./exit.ts";

interface Command {
  run(argv: string[]): Promise<number>;
  help: string;
}

/** A command's module, imported when the command runs; `run` is the name of its entry function. */
function lazy(module: string, run: string): () => Promise<Command> {
  return async () => {
    const m = (await import(module)) as Record<string, unknown>;
    return { run: m[run] as Command["run"], help: m.help as string };
  };
}

const commands: Record<string, () => Promise<Command>> = {
  start: lazy("./cli/start.ts", "start"),
  collect: lazy("./cli/collect.ts", "collect"),
  profile: lazy("./cli/profile.ts", "profile"),
  view: lazy("./cli/view.ts", "view"),
  eval: lazy("./cli/eval_tree.ts", "evalCommand"),
  status: lazy("./cli/status.ts", "status"),
  resolve: lazy("./cli/resolve.ts", "resolve"),
  init: lazy("./cli/init.ts", "init"),
  deploy: lazy("./cli/deploy.ts", "deploy"),
  destroy: lazy("./cli/destroy.ts", "destroy"),
  databases: lazy("./cli/databases.ts", "databases"),
  env: lazy("./cli/env.ts", "env"),
  list: lazy("./cli/list.ts", "list"),
  search: lazy("./cli/search.ts", "search"),
  stop: lazy("./cli/stop.ts", "stop"),
  version: lazy("./cli/version.ts", "version"),
};

async function usage(): Promise<string> {
  const helps = await Promise.all(Object.values(commands).map(async (load) => `  ${(await load()).help}`));
  return ["usage: edge-gym <command> [options]", "", "commands:", ...helps].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(await usage());
    return 0;
  }
  // NeMo Gym's `ng_*` names run the command they stand for, saying which (on stderr: stdout stays the command's).
  if (isLegacy(name)) {
    const { argv: translated, note } = translateLegacy(name, rest);
    console.error(`edge-gym: ${note}`);
    return main(translated);
  }
  // NeMo's `gym --version [--json]`.
  if (name === "--version") return main(["version", ...rest]);
  const load = commands[name];
  if (!load) throw new UsageError(`unknown command "${name}"; run edge-gym --help`);
  const command = await load();
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(`usage: edge-gym ${command.help}`);
    return 0;
  }
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => exitFlushed(code),
  (err: Error) => {
    console.error(`edge-gym: ${err.message}`);
    // A config the user can fix is a usage error too: exit 2, as for bad arguments.
    void exitFlushed(err instanceof UsageError || err instanceof ConfigError ? 2 : 1);
  },
);
