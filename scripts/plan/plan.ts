// From a resolved config to the Workers that run it, as the implementations declare them: one
// Worker per instance (its implementation's bundle, its config as a JSON binding, a service binding
// per instance it references, the Durable Objects it declares), the companions an implementation
// brings along (vllm_model's gpu_gateway), the Workers that serve every instance naming their URL
// (`sandbox://cloudflare`: one per deployment), and the head, whose rollout monitor every agent
// binds. Miniflare options (local) and wrangler
// configs (deploy) are both generated from this plan. Every instance's config is checked against
// its implementation's schema here, so a bad value stops the start with its path.
import { basename, join } from "node:path";
import { bindingName } from "../../shared/client/targets.ts";
import { ConfigError } from "../../shared/config/errors.ts";
import { resolveInstance } from "../../shared/config/instances.ts";
import type { Instance } from "../../shared/config/instances.ts";
import { formatPath, withoutNulls } from "../../shared/config/tree.ts";
import { PLATFORM_BINDINGS } from "../../shared/declaration.ts";
import type { ContainerDeclaration, Declaration, WorkerKind } from "../../shared/declaration.ts";
import { ServerRef } from "../../shared/schemas/config.ts";
import type { z } from "../../shared/zod.ts";
import { mapStrings } from "./placeholders.ts";
import { withPromptFiles } from "./prompt_files.ts";
import { IMPLEMENTATIONS, findImplementation } from "./registry.ts";
import type { Implementation } from "./registry.ts";

export interface WorkerSpec {
  name: string;
  role: WorkerKind;
  instance: string;
  implementation: string;
  entry: string;
  /** Plain and JSON bindings (never secrets). */
  vars: Record<string, unknown>;
  /** Secrets a local stack adds (the local sandbox's token: scripts/stack/up.ts); never in a deploy config. */
  secrets?: Record<string, string>;
  /** Binding name -> worker name; each binding is to the worker's Rpc entrypoint (shared/server/entrypoint.ts). */
  services: Record<string, string>;
  /** Binding name -> the SQLite-backed Durable Object class the Worker exports for it. */
  durableObjects: Record<string, string>;
  /** Classes the Worker exported once and no longer does (deleted by its migrations on deploy). */
  retiredObjects: string[];
  /** Binding name -> a Durable Object class another Worker of the plan exports (its companion's). */
  foreignObjects: Record<string, { className: string; worker: string }>;
  kv: string[];
  /** The containers its Durable Objects run, each `image` the Dockerfile's absolute path: deployed only. */
  containers: ContainerDeclaration[];
  /** Reachable from outside the deployment (the head and agents); every other Worker is internal. */
  public: boolean;
  /** Sets signed session cookies, so it gets a SESSION_SECRET. */
  signsSessions: boolean;
  host?: string;
  port?: number;
}

export const HEAD_NAME = "head";
export const HEAD_PORT = 11000;

/** Every binding some Worker reads for itself: an instance whose binding name is one of them would shadow it. */
function reservedBindings(from: readonly Implementation[]): Set<string> {
  const own = (d: Declaration) => [
    ...Object.keys(d.durableObjects),
    ...(d.kv ?? []),
    ...(d.bindings ?? []),
    ...(d.companion ? [d.companion.binding, ...Object.keys(d.companion.objects ?? {})] : []),
    ...(d.serves ? [d.serves.binding] : []),
  ];
  return new Set([...PLATFORM_BINDINGS, ...from.flatMap((i) => own(i.declaration))]);
}

function portOf(config: Record<string, unknown>): { host?: string; port?: number } {
  return {
    ...(typeof config.host === "string" ? { host: config.host } : {}),
    ...(typeof config.port === "number" ? { port: config.port } : {}),
  };
}

// Verify bodies with token ids can be MBs: the 32 MiB default is configurable per instance.
function bodyLimit(config: Record<string, unknown>): { MAX_BODY_BYTES?: string } {
  const limit = config.max_body_bytes;
  if (limit === undefined) return {};
  if (!Number.isInteger(limit) || (limit as number) <= 0) throw new Error(`max_body_bytes must be a positive integer, got ${JSON.stringify(limit)}`);
  return { MAX_BODY_BYTES: String(limit) };
}

/** What the instance's Worker is given: its fields, nulls meaning unset as in NeMo Gym, and what an alias fixes. */
function configOf(instance: Instance, implementation: Implementation): Record<string, unknown> {
  const config = { ...(withoutNulls(instance.config) as Record<string, unknown>), ...implementation.fixed };
  return withPromptFiles(config, implementation, formatPath([instance.name, instance.serverType, instance.implementation]));
}

/** `problems` gets one line per issue, each at its path in the config file. */
function check(schema: z.ZodType, config: unknown, at: (path: readonly PropertyKey[]) => PropertyKey[], problems: string[]): void {
  const result = schema.safeParse(config);
  if (result.success) return;
  for (const issue of result.error.issues) {
    problems.push(`${formatPath(at(issue.path).map((p) => (typeof p === "number" ? p : String(p))))}: ${issue.message}`);
  }
}

/**
 * Checks every instance's config (nulls meaning unset, as in NeMo Gym) against its
 * implementation's schema, and a companion's against its own; throws one ConfigError listing all.
 */
export function checkInstances(instances: readonly Instance[], from: readonly Implementation[] = IMPLEMENTATIONS): void {
  const problems: string[] = [];
  for (const instance of instances) {
    const base = [instance.name, instance.serverType, instance.implementation];
    let implementation: Implementation;
    try {
      implementation = findImplementation(instance.serverType, instance.implementation, from);
    } catch (err) {
      problems.push(`${formatPath(base)}: ${(err as Error).message}`);
      continue;
    }
    const config = configOf(instance, implementation);
    check(implementation.declaration.config, config, (path) => [...base, ...path], problems);
    const companion = implementation.declaration.companion;
    if (companion) {
      check(findImplementation(companion.kind, companion.implementation, from).declaration.config, companion.config(config), (path) => [...base, ...companion.sourcePath(path)], problems);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

/**
 * An agent's RESOURCES_IMPLEMENTATION: the folder of its resources server's implementation, the
 * environment its model calls name (the emulator's skill is keyed by it, not by instance names).
 */
function resourcesImplementation(instance: Instance, instances: readonly Instance[], from: readonly Implementation[]): { RESOURCES_IMPLEMENTATION?: string } {
  const ref = ServerRef.safeParse(instance.config.resources_server);
  const target = ref.success ? resolveInstance(instances, ref.data.name, "resources_servers") : undefined;
  return target ? { RESOURCES_IMPLEMENTATION: basename(findImplementation(target.serverType, target.implementation, from).dir) } : {};
}

/** A binding per reference, named as the reference names the instance (an old name too: resolveInstance), to its Worker. */
function serviceBindings(instance: Instance, declaration: Declaration, instances: readonly Instance[]): Record<string, string> {
  const services: Record<string, string> = {};
  // A reference the config leaves out takes its schema's default (verifif's judge: the policy model).
  const parsed = declaration.config.safeParse(withoutNulls(instance.config));
  const config = (parsed.success ? parsed.data : instance.config) as Record<string, unknown>;
  for (const field of declaration.references) {
    const ref = ServerRef.safeParse(config[field]);
    if (ref.success) services[bindingName(ref.data.name)] = resolveInstance(instances, ref.data.name, ref.data.type)?.name ?? ref.data.name;
  }
  return services;
}

function spec(implementation: Implementation, fields: Pick<WorkerSpec, "name" | "instance" | "vars" | "services"> & Partial<WorkerSpec>): WorkerSpec {
  const { declaration } = implementation;
  return {
    role: implementation.kind,
    implementation: implementation.name,
    entry: implementation.entry,
    durableObjects: { ...declaration.durableObjects },
    retiredObjects: [...(declaration.retiredDurableObjects ?? [])],
    foreignObjects: {},
    kv: [...(declaration.kv ?? [])],
    containers: (declaration.containers ?? []).map((c) => ({ ...c, image: join(implementation.dir, c.image) })),
    public: declaration.public,
    signsSessions: declaration.signsSessions,
    ...fields,
  };
}

/** Whether `value` holds the string `url` anywhere. */
function names(value: unknown, url: string): boolean {
  let found = false;
  mapStrings(value, (s) => ((found ||= s === url), s));
  return found;
}

/** Adds each Worker that serves the instances naming its URL, once, and binds it to each of them. */
function addSharedServices(specs: WorkerSpec[], from: readonly Implementation[]): void {
  for (const implementation of from) {
    const serves = implementation.declaration.serves;
    const users = serves ? specs.filter((s) => names(s.vars.INSTANCE_CONFIG, serves.url)) : [];
    if (!serves || users.length === 0) continue;
    const name = implementation.name;
    if (specs.some((s) => s.name === name)) throw new Error(`instance name "${name}" is reserved for the Worker that serves ${serves.url}; rename the instance`);
    for (const user of users) user.services[serves.binding] = name;
    specs.push(spec(implementation, { name, instance: name, vars: { INSTANCE_NAME: name }, services: {} }));
  }
}

export function planWorkers(instances: Instance[], headPort = HEAD_PORT, from: readonly Implementation[] = IMPLEMENTATIONS): WorkerSpec[] {
  checkInstances(instances, from);
  const reserved = reservedBindings(from);
  const head = spec(findImplementation("head", "head", from), { name: HEAD_NAME, instance: HEAD_NAME, vars: { INSTANCE_NAME: HEAD_NAME }, services: {}, port: headPort });
  const specs: WorkerSpec[] = [head];
  for (const instance of instances) {
    if (instance.name === HEAD_NAME) throw new Error(`instance name "${HEAD_NAME}" is reserved for the head server`);
    const binding = bindingName(instance.name);
    if (reserved.has(binding)) throw new Error(`instance name "${instance.name}" clashes with the reserved binding ${binding}; rename the instance`);
    const implementation = findImplementation(instance.serverType, instance.implementation, from);
    const config = configOf(instance, implementation);
    const worker = spec(implementation, {
      name: instance.name,
      instance: instance.name,
      vars: { INSTANCE_NAME: instance.name, INSTANCE_CONFIG: config, ...bodyLimit(config), ...resourcesImplementation(instance, instances, from) },
      services: serviceBindings(instance, implementation.declaration, instances),
      ...portOf(config),
    });
    // Agents report each rollout to the head's monitor (the dashboard's data): its objects, bound by name.
    if (worker.role === "responses_api_agents") for (const [binding, className] of Object.entries(head.durableObjects)) worker.foreignObjects[binding] = { className, worker: HEAD_NAME };
    const companion = implementation.declaration.companion;
    if (companion) {
      const name = companion.name(instance.name);
      worker.services[companion.binding] = name;
      for (const [binding, className] of Object.entries(companion.objects ?? {})) worker.foreignObjects[binding] = { className, worker: name };
      specs.push(spec(findImplementation(companion.kind, companion.implementation, from), { name, instance: instance.name, vars: { INSTANCE_NAME: name, INSTANCE_CONFIG: companion.config(config) }, services: {} }));
    }
    specs.push(worker);
  }
  addSharedServices(specs, from);
  return specs;
}
