// Every row's task fields, checked before anything runs: an agent's environment is the resources
// server its config names (as the head publishes it), and when this checkout declares that
// implementation, its task schema is known here, so a row missing a field the environment needs
// is refused with its line, not at /verify after a rollout was spent on it; so is a row whose
// database (a text-to-SQL db_id) is neither bundled nor in the folder the config names, as the
// local sandbox would look for it. The declaration also says whether the environment scores a
// task's rollouts together (cohort.ts).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "yaml";
import { call, jsonOf } from "../../shared/client/call.ts";
import type { ResourcesDeclaration } from "../../shared/declaration.ts";
import { RunRequest } from "../../shared/schemas/run.ts";
import { DATABASE_FOLDER_KEYS, importCommand } from "../../shared/sql/folders.ts";
import type { z } from "../../shared/zod.ts";
import { resolveUserPath } from "../plan/config.ts";
import { IMPLEMENTATIONS } from "../plan/registry.ts";
import { DatabaseMissing, findDatabase, folderOf } from "../sandbox/databases.ts";
import { bearer } from "./head.ts";
import type { InstanceInfo } from "./head.ts";

export type Mapping = Record<string, unknown>;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
export const first = (value: unknown): Mapping | undefined =>
  value !== null && typeof value === "object" ? (Object.values(value)[0] as Mapping | undefined) : undefined;

/**
 * The config a head publishes: our head's JSON form (/global_config_dict), else, from a head that
 * has none (NeMo Gym's), the YAML text of /global_config_dict_yaml, which takes tens of
 * milliseconds to read for a stack of 80 environments.
 */
export async function publishedConfig(headUrl: string, authToken: string | undefined): Promise<Mapping> {
  const head = { name: "head", url: headUrl };
  const options = { method: "GET", deadlineMs: 10_000, attempts: 2, headers: bearer(authToken) } as const;
  const asJson = await call(head, "/global_config_dict", options);
  if (asJson.status === 200) {
    const config = parseJson(asJson.text);
    if (config !== null && typeof config === "object" && !Array.isArray(config)) return config as Mapping;
  }
  const result = await call(head, "/global_config_dict_yaml", options);
  return parse(jsonOf(result, `head ${headUrl}/global_config_dict_yaml`) as string) as Mapping;
}

/**
 * Agent name -> the declaration of its environment, for the agents whose environment this checkout
 * declares. A head that publishes no config (not ours) leaves them unknown: rows are then left to
 * /verify, and no environment scores cohorts.
 */
export function agentEnvironments(config: Mapping, instances: readonly InstanceInfo[], agents: readonly string[]): Map<string, ResourcesDeclaration> {
  const environments = new Map<string, ResourcesDeclaration>();
  for (const agent of agents) {
    const resources = first(first(config[agent]))?.resources_server as { name?: unknown } | undefined;
    const instance = instances.find((i) => i.name === resources?.name && i.server_type === "resources_servers");
    const declared = IMPLEMENTATIONS.find((i) => i.kind === "resources_servers" && i.name === instance?.implementation)?.declaration as ResourcesDeclaration | undefined;
    if (declared) environments.set(agent, withDatabaseCheck(declared, instance!, first(first(config[instance!.name])) ?? {}));
  }
  return environments;
}

/** The declaration whose task's db_id must name a database the instance has: bundled, or in its folder. */
function withDatabaseCheck(declared: ResourcesDeclaration, { name: instance, implementation }: InstanceInfo, config: Mapping): ResourcesDeclaration {
  const databases = declared.databases;
  if (!databases) return declared;
  const key = `${instance}.resources_servers.${implementation}.${databases.key}`;
  const value = config[databases.key];
  const folder = typeof value === "string" && value !== "" ? folderOf(DATABASE_FOLDER_KEYS[databases.key]!, resolveUserPath(value)) : undefined;
  // Looked up once per database, however many rows name it.
  const looked = new Map<string, string | undefined>();
  const missing = (id: string): string | undefined => {
    if (!looked.has(id)) looked.set(id, lookUp(id));
    return looked.get(id);
  };
  const lookUp = (id: string): string | undefined => {
    if (databases.bundled.includes(id)) return undefined;
    if (!folder) return `${instance} bundles ${databases.bundled.join(", ")} and its config sets no ${key}`;
    try {
      findDatabase(folder, id);
      return undefined;
    } catch (err) {
      if (err instanceof DatabaseMissing) return err.message;
      throw err;
    }
  };
  const dbId = (declared.task.shape.db_id as z.ZodString).superRefine((id, ctx) => {
    const why = missing(id);
    if (why) ctx.addIssue({ code: "custom", message: `database "${id}" is not loaded (${why}); load it with: ${importCommand(instance, id)} (or set ${key} to a folder that has it)` });
  });
  return { ...declared, task: declared.task.safeExtend({ db_id: dbId }) };
}

/** Agent name -> the row schema of its environment. */
export function rowSchemas(environments: ReadonlyMap<string, ResourcesDeclaration>): Map<string, z.ZodType> {
  return new Map([...environments].map(([agent, declared]) => [agent, RunRequest.safeExtend(declared.task.shape)]));
}

type Row = Record<string, unknown>;
export type RowCompleter = (row: Row) => Row;

/** A task file's text, gunzipped when it is gzip (EvalPlus releases .jsonl.gz). */
function readTaskFile(path: string): string {
  const bytes = readFileSync(path);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString("utf8");
}

/**
 * Agent name -> what completes its rows from the task file its environment declares
 * (ResourcesDeclaration.taskFile) and its resources instance's config names; the file is read the
 * first time a row needs it. A row that needs a file the config does not name, or cannot be read,
 * is refused saying what to set.
 */
export function rowCompleters(config: Mapping, environments: ReadonlyMap<string, ResourcesDeclaration>): Map<string, RowCompleter> {
  const needing = [...environments].filter(([, declared]) => declared.taskFile);
  return new Map(
    needing.map(([agent, declared]) => {
      const taskFile = declared.taskFile!;
      const instance = String((first(first(config[agent]))?.resources_server as { name?: unknown } | undefined)?.name);
      const [implementation, fields] = Object.entries(first(config[instance]) ?? {})[0] ?? ["?", {}];
      const key = `${instance}.resources_servers.${implementation}.${taskFile.configKey}`;
      const path = (fields as Mapping)[taskFile.configKey];
      let complete: RowCompleter | undefined;
      const completer: RowCompleter = (row) => {
        const id = taskFile.needs(row);
        if (id === undefined) return row;
        const instruction = `get ${taskFile.source}; then set ${key} to its path (e.g. ++${key}=/path/to/the/file)`;
        if (typeof path !== "string") throw new Error(`the row names task "${id}", to be looked up in a dataset file, and the config names none: ${instruction}`);
        if (!complete) {
          let text: string;
          try {
            text = readTaskFile(resolve(path));
          } catch (err) {
            throw new Error(`${key} (${path}): ${(err as Error).message}: ${instruction}`);
          }
          complete = taskFile.read(text);
        }
        try {
          return complete(row);
        } catch (err) {
          throw new Error(`${(err as Error).message} (${key}: ${path})`);
        }
      };
      return [agent, completer];
    }),
  );
}
