#!/usr/bin/env node
// The edge-gym CLI. Each command is a module with its help line; errors are one line on stderr
// and a non-zero exit (2 for usage errors).
import { UsageError } from "./cli/args.ts";
import { collect, help as collectHelp } from "./cli/collect.ts";
import { evaluate, help as evalHelp } from "./cli/eval.ts";
import { resolve, help as resolveHelp } from "./cli/resolve.ts";
import { start, help as startHelp } from "./cli/start.ts";
import { status, help as statusHelp } from "./cli/status.ts";

const commands: Record<string, { run: (argv: string[]) => Promise<number>; help: string }> = {
  start: { run: start, help: startHelp },
  collect: { run: collect, help: collectHelp },
  eval: { run: evaluate, help: evalHelp },
  status: { run: status, help: statusHelp },
  resolve: { run: resolve, help: resolveHelp },
};

function usage(): string {
  return ["usage: edge-gym <command> [options]", "", "commands:", ...Object.values(commands).map((c) => `  ${c.help}`)].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(usage());
    return 0;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${name}"; run edge-gym --help`);
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(`usage: edge-gym ${command.help}`);
    return 0;
  }
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`edge-gym: ${err.message}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
