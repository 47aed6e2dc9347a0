// `env validate`: what NeMo Gym's `gym env validate` reports of a workload, from its config alone,
// nothing started: the components each agent binds (resources server, agent, model), and each
// dataset with its row count, every row checked as `collect` checks it (the request's schema and
// the environment's task fields, after the dataset's prompt_config). A row that fails is an error
// with its file, line and field path; a dataset file that is absent is a warning (NeMo's configs
// name train files a checkout does not have). The fields are those of NeMo's
// EnvironmentValidationReport; those it reads from a manifest.yaml, which Edge Gym's
// environments do not have, are null.
import { existsSync } from "node:fs";
import { relative } from "node:path";
import type { Instance } from "../../shared/config/instances.ts";
import type { ResourcesDeclaration } from "../../shared/declaration.ts";
import { RunRequest } from "../../shared/schemas/run.ts";
import { zodIssues } from "../../shared/server/errors.ts";
import type { z } from "../../shared/zod.ts";
import { InputError, readJsonl } from "../collect/jsonl.ts";
import { applyPrompt, loadPromptConfig } from "../collect/prompt_config.ts";
import { resolveUserPath } from "./config.ts";
import { ROOT, findImplementation } from "./registry.ts";

const BOUNDARY = { resources_servers: "resources_server", responses_api_agents: "agent_server", responses_api_models: "model_server" } as const;

export interface Component {
  role: (typeof BOUNDARY)[keyof typeof BOUNDARY];
  name: string;
  implementation: string;
  boundary: keyof typeof BOUNDARY;
  entrypoint: string | null;
}

export interface DatasetReport {
  name: string;
  type: string;
  path: string;
  rows: number;
  prompt_config: string | null;
}

export interface ValidationReport {
  name: string | null;
  version: null;
  kind: "environment";
  declared_profile: null;
  inferred_profile: null;
  profile_evidence: null;
  manifest_path: null;
  config_path: string | null;
  components: Component[];
  datasets: DatasetReport[];
  rollout_driver: null;
  grading_mode: string | null;
  synchronized_fields: string[];
  warnings: string[];
}

interface DatasetEntry {
  name?: string;
  type?: string;
  jsonl_fpath?: string;
  prompt_config?: string;
}

const refName = (value: unknown): string | undefined => (value as { name?: unknown } | undefined)?.name as string | undefined;

function component(instance: Instance): Component {
  const entry = instance.serverType === "resources_servers" || instance.serverType === "responses_api_agents" || instance.serverType === "responses_api_models"
    ? findImplementation(instance.serverType, instance.implementation).entry
    : undefined;
  return {
    role: BOUNDARY[instance.serverType as keyof typeof BOUNDARY],
    name: instance.name,
    implementation: instance.implementation,
    boundary: instance.serverType as keyof typeof BOUNDARY,
    entrypoint: entry === undefined ? null : relative(ROOT, entry),
  };
}

/** The row schema `collect` checks an agent's rows against: the request's, with its environment's task fields. */
function rowSchema(resources: Instance | undefined): z.ZodType {
  if (!resources) return RunRequest;
  const declared = findImplementation("resources_servers", resources.implementation).declaration as ResourcesDeclaration;
  // Rows a task file completes (evalplus's task_id-only rows) get their task fields at collect time.
  return declared.taskFile ? RunRequest : RunRequest.safeExtend(declared.task.shape);
}

async function dataset(entry: DatasetEntry, schema: z.ZodType, warnings: string[]): Promise<DatasetReport | undefined> {
  const name = entry.name ?? entry.jsonl_fpath ?? "(unnamed)";
  if (!entry.jsonl_fpath) {
    warnings.push(`dataset '${name}' names no jsonl_fpath`);
    return undefined;
  }
  const path = resolveUserPath(entry.jsonl_fpath);
  if (!existsSync(path)) {
    warnings.push(`dataset '${name}' (${entry.type ?? "untyped"}): ${entry.jsonl_fpath} not found`);
    return undefined;
  }
  const promptPath = entry.prompt_config === undefined ? undefined : resolveUserPath(entry.prompt_config);
  const prompt = promptPath === undefined ? undefined : await loadPromptConfig(promptPath);
  let rows = 0;
  for await (const { line, value } of readJsonl(path)) {
    rows++;
    const checked = schema.safeParse(prompt ? applyPrompt(prompt, value) : value);
    if (checked.success) continue;
    const issue = zodIssues(checked.error)[0]!;
    throw new InputError(`dataset '${name}' row ${line} is not a valid rollout input (${path}:${line}): ${issue.path}: ${issue.message}`);
  }
  if (rows === 0) throw new InputError(`dataset '${name}' (${path}) is empty`);
  return { name, type: entry.type ?? "", path, rows, prompt_config: promptPath ?? null };
}

export async function validateWorkload(instances: readonly Instance[], name: string | null, configPaths: readonly string[]): Promise<ValidationReport> {
  const byName = new Map(instances.map((i) => [i.name, i]));
  const components = new Map<string, Component>();
  const datasets: DatasetReport[] = [];
  const warnings: string[] = [];
  let gradingMode: string | null = null;
  for (const agent of instances.filter((i) => i.serverType === "responses_api_agents")) {
    const resources = byName.get(refName(agent.config.resources_server) ?? "");
    const model = byName.get(refName(agent.config.model_server) ?? "");
    for (const instance of [resources, agent, model]) if (instance) components.set(`${instance.serverType}/${instance.name}`, component(instance));
    const mode = resources?.config.grading_mode;
    if (typeof mode === "string") gradingMode ??= mode;
    const schema = rowSchema(resources);
    for (const entry of (agent.config.datasets ?? []) as DatasetEntry[]) {
      const report = await dataset(entry, schema, warnings);
      if (report) datasets.push(report);
    }
  }
  return {
    name,
    version: null,
    kind: "environment",
    declared_profile: null,
    inferred_profile: null,
    profile_evidence: null,
    manifest_path: null,
    config_path: configPaths.length ? configPaths.join(",") : null,
    components: [...components.values()],
    datasets,
    rollout_driver: null,
    grading_mode: gradingMode,
    synchronized_fields: [],
    warnings,
  };
}
