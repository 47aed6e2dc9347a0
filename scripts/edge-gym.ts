#!/usr/bin/env node
// The edge-gym CLI. Each command is a module with its help line, loaded only when it runs: the
// stack's modules (Miniflare) weigh ~90 MB and slow every fetch, and `collect` needs none of it.
// Errors are one line on stderr and a non-zero exit (2 for usage errors).
import { UsageError } from "./cli/args.ts";

interface Command {
  run(argv: string[]): Promise<number>;
  help: string;
}

const commands: Record<string, () => Promise<Command>> = {
  start: async () => {
    const m = await import("./cli/start.ts");
    return { run: m.start, help: m.help };
  },
  collect: async () => {
    const m = await import("./cli/collect.ts");
    return { run: m.collect, help: m.help };
  },
  profile: async () => {
    const m = await import("./cli/profile.ts");
    return { run: m.profile, help: m.help };
  },
  eval: async () => {
    const m = await import("./cli/eval.ts");
    return { run: m.evaluate, help: m.help };
  },
  status: async () => {
    const m = await import("./cli/status.ts");
    return { run: m.status, help: m.help };
  },
  resolve: async () => {
    const m = await import("./cli/resolve.ts");
    return { run: m.resolve, help: m.help };
  },
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
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`edge-gym: ${err.message}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
