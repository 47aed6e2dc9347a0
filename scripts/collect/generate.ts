// `collect --generate DATASET`: rows that ask an environment to make its own tasks, one per index,
// `{source_dataset, seed, index, level?, config}`, for the running agent whose environment generates that
// dataset (its declaration's `generates`). They are written beside the output
// (X_generated_inputs.jsonl), so the run reads, materializes and resumes them like any input.
import { writeFileSync } from "node:fs";
import { serverInstances } from "./head.ts";
import { InputError, siblingPath } from "./jsonl.ts";
import { agentEnvironments, publishedConfig } from "./task_check.ts";

export interface GenerateOptions {
  dataset: string;
  count: number;
  seed: number;
  /** A fixed difficulty level for every row (the curriculum's, when one runs, is set per rollout instead). */
  level?: number;
  config: Record<string, unknown>;
  /** The rollouts file; the generated inputs go beside it. */
  output: string;
  agent?: string;
  headUrl: string;
  authToken?: string;
}

/** The agent to run generated rows through: the one named, or the only running one whose environment generates the dataset. */
async function generatingAgent(options: GenerateOptions): Promise<{ agent: string; levels: number }> {
  const instances = await serverInstances(options.headUrl, options.authToken);
  const agents = instances.flatMap((i) => (i.server_type === "responses_api_agents" && i.url !== undefined ? [i.name] : []));
  const environments = agentEnvironments(await publishedConfig(options.headUrl, options.authToken).catch(() => ({})), instances, agents);
  const levelsOf = (agent: string) => environments.get(agent)?.generates?.()[options.dataset]?.levels;
  const generating = agents.filter((agent) => levelsOf(agent) !== undefined);
  if (options.agent !== undefined) {
    if (!agents.includes(options.agent)) throw new InputError(`--agent ${options.agent}: no such running agent (running: ${agents.join(", ") || "none"})`);
    if (!generating.includes(options.agent)) throw new InputError(`--generate ${options.dataset}: the environment of agent ${options.agent} does not generate it${generating.length ? ` (agents that do: ${generating.join(", ")})` : ""}`);
    return { agent: options.agent, levels: levelsOf(options.agent)! };
  }
  if (generating.length === 1) return { agent: generating[0]!, levels: levelsOf(generating[0]!)! };
  if (generating.length > 1) throw new InputError(`--generate ${options.dataset}: several running agents generate it (${generating.join(", ")}); pick one with --agent`);
  const offered = [...new Set(agents.flatMap((agent) => Object.keys(environments.get(agent)?.generates?.() ?? {})))].sort();
  throw new InputError(`--generate ${options.dataset}: no running environment generates it${offered.length ? `; datasets that can be generated: ${offered.join(", ")}` : " (start one that does, e.g. npx edge-gym start --environment reasoning_gym)"}`);
}

/** Writes the generated rows; the input file, the agent that runs them, and the dataset's number of difficulty levels. */
export async function generatedInput(options: GenerateOptions): Promise<{ input: string; agent: string; levels: number }> {
  const { agent, levels } = await generatingAgent(options);
  if (options.level !== undefined && options.level >= levels) throw new InputError(`--level ${options.level}: ${options.dataset} has ${levels ? `levels 0 to ${levels - 1}` : "no difficulty levels"}`);
  const input = siblingPath(options.output, "generated_inputs.jsonl");
  const level = options.level === undefined ? {} : { level: options.level };
  const rows = Array.from({ length: options.count }, (_, index) => JSON.stringify({ source_dataset: options.dataset, seed: options.seed, index, ...level, config: options.config }));
  writeFileSync(input, `${rows.join("\n")}\n`);
  return { input, agent, levels };
}

/** `--config k=v` pairs as a config: values read as JSON where they are (numbers, booleans, lists), else as text. */
export function configOf(pairs: readonly string[]): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new InputError(`--config expects key=value, got "${pair}"`);
    const text = pair.slice(eq + 1);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // Not JSON: the text itself (a word, a name).
    }
    config[pair.slice(0, eq)] = value;
  }
  return config;
}
