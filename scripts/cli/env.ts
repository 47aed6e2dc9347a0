// `edge-gym env <action>`: NeMo Gym's `gym env` group, each action with NeMo's name and flags, run
// by the command that already does it here (`env start` is `start`, `env status` is `status`, ...).
import { parseArgs } from "node:util";
import { loadConfig } from "../plan/config.ts";
import { checkInstances } from "../plan/plan.ts";
import { validateWorkload } from "../plan/validate.ts";
import { UsageError, parseCommand } from "./args.ts";
import { environmentTests, runTests } from "./env_test.ts";
import { SELECTOR_HELP, SELECTOR_OPTIONS, modelOverrides, selectedConfigPaths } from "./selectors.ts";

export const help =
  "env start|test|init|resolve|validate|status ...   NeMo Gym's `gym env` actions: start (= start), test NAME (one environment's tests), " +
  "init --resources-server NAME (= init resources), resolve (= resolve), validate [NAME] [--json] (the config and its datasets' rows checked, nothing started), status (= status)";

/** A leading workload NAME (NeMo's positional) as `--environment NAME`. */
function nameAsEnvironment(argv: string[]): string[] {
  const [first, ...rest] = argv;
  return first !== undefined && !first.startsWith("-") && !first.includes("=") ? ["--environment", first, ...rest] : argv;
}

async function validate(argv: string[]): Promise<number> {
  const usage = `env validate [NAME] ${SELECTOR_HELP} [--json] [key=value ...]`;
  const { values, overrides } = parseCommand(nameAsEnvironment(argv), usage, { ...SELECTOR_OPTIONS, json: { type: "boolean" } });
  const configPaths = selectedConfigPaths(values);
  const { instances } = loadConfig(configPaths, [...modelOverrides(values), ...overrides], { local: true });
  checkInstances(instances);
  const report = await validateWorkload(instances, values.environment?.[0] ?? null, configPaths ?? []);
  if (values.json) {
    console.log(JSON.stringify(report));
    return 0;
  }
  console.log(`✓ Config is valid. (${instances.length} instances: ${instances.map((i) => i.name).join(", ")})`);
  console.log("✓ Components:");
  for (const c of report.components) console.log(`    ${c.role}: ${c.name} -> ${c.implementation} [${c.boundary}]`);
  console.log("✓ Datasets:");
  for (const d of report.datasets) console.log(`    ${d.name}: ${d.rows} rows (${d.type})`);
  for (const warning of report.warnings) console.error(`Warning: ${warning}`);
  return 0;
}

async function test(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { "resources-server": { type: "string" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/\s*\n\s*/g, " "));
  }
  const [name, ...extra] = parsed.positionals;
  const server = parsed.values["resources-server"];
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (name !== undefined && server !== undefined) throw new UsageError("select a workload name or --resources-server, not both");
  const chosen = name ?? server;
  if (chosen === undefined) throw new UsageError("env test needs an environment: edge-gym env test NAME (npm test runs every test)");
  return runTests(environmentTests(chosen));
}

async function init(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { "resources-server": { type: "string" }, environment: { type: "string" }, root: { type: "string" } }, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/\s*\n\s*/g, " "));
  }
  const { "resources-server": server, environment, root } = parsed.values;
  if (server !== undefined && environment !== undefined) throw new UsageError("select --resources-server or --environment, not both");
  const name = server ?? environment;
  if (name === undefined) throw new UsageError("env init needs --resources-server NAME (or --environment NAME: the same scaffold, its config.yaml is the manifest)");
  // A resources server's config.yaml is the environment's manifest here: one scaffold serves both flags.
  const { init: scaffold } = await import("./init.ts");
  return scaffold(["resources", name, ...(root === undefined ? [] : ["--root", root])]);
}

const actions: Record<string, (argv: string[]) => Promise<number>> = {
  start: async (argv) => (await import("./start.ts")).start(argv),
  test,
  init,
  resolve: async (argv) => (await import("./resolve.ts")).resolve(argv),
  validate,
  status: async (argv) => (await import("./status.ts")).status(argv),
};

export async function env(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;
  const run = action !== undefined && Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!run) throw new UsageError(`${action === undefined ? "env needs an action" : `unknown env action "${action}"`}: one of ${Object.keys(actions).join(", ")}`);
  return run(rest);
}
