// Locally, the agent instances of one implementation run in one Worker, so in one isolate: the bundled
// config has ~90 agent instances of a handful of agent implementations, and each Worker of its own
// cost workerd ~8 MB and ~30 ms of start-up. Deployed, every instance keeps its own Worker.
//
// The shared Worker's module (written beside the bundle) exports, per instance: Http__<id> (on the
// instance's loopback port: the Worker's public app), Rpc__<id> (what service bindings to the
// instance reach: the bundle's Rpc) and <Class>__<id> for each Durable Object class it declares
// (the instance's own namespace, bound as <BINDING>__<id>). Each hands the code the env the
// instance's own Worker would have had: the Worker's bindings (the union of the instances' service
// bindings: a binding is named after the instance it reaches, so two instances never disagree on
// one), that instance's vars and its own Durable Object namespaces on top. Module-level state in
// Worker code is keyed by env or instance already (instanceConfig's cache, remote_agent's slots),
// as tests run instances side by side in one isolate too. Ids come from instance names, not
// positions, so a persisted stack finds each instance's objects again when instances are added.
import { createHash } from "node:crypto";
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { WorkerSpec } from "../plan/plan.ts";

/** The binding that holds each instance's vars, by id. */
export const SHARED_INSTANCES = "SHARED_INSTANCES";

export interface SharedWorker {
  name: string;
  /** The module to load first, then the bundle it imports. */
  modules: [string, string];
  /** Plain bindings: SHARED_INSTANCES. */
  vars: Record<string, unknown>;
  services: Record<string, string>;
  durableObjects: Record<string, string>;
  foreignObjects: WorkerSpec["foreignObjects"];
  kv: string[];
  /** Each instance's spec, with the entrypoint of its loopback port. */
  sockets: { spec: WorkerSpec; entrypoint: string }[];
}

/** Where a spec's instance answers: its Worker, and the entrypoints of its port and of its service bindings. */
export interface Placement {
  worker: string;
  http: string;
  rpc: string;
  /** Its Durable Object classes are named <Class>__<id> in the shared Worker. */
  id: string;
}

// Agents only: their module-level state is per instance (run_routes.ts's slots, remote_agent's),
// and they are most of the Workers. What tells their instances apart must be vars, bindings, objects
// or ports only.
const shareable = (spec: WorkerSpec) => spec.role === "responses_api_agents" && spec.containers.length === 0 && spec.secrets === undefined;

/** The union of each spec's record, or undefined when two give one key different values. */
function union<T>(records: Record<string, T>[]): Record<string, T> | undefined {
  const merged: Record<string, T> = {};
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) {
      if (key in merged && JSON.stringify(merged[key]) !== JSON.stringify(value)) return undefined;
      merged[key] = value;
    }
  }
  return merged;
}

/** An identifier per instance name, unique in the group. */
function ids(group: readonly WorkerSpec[]): string[] {
  const taken = new Set<string>();
  return group.map((spec) => {
    const base = spec.name.replace(/[^A-Za-z0-9_]/g, "_");
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
    taken.add(id);
    return id;
  });
}

function moduleText(bundle: string, instanceIds: readonly string[], objects: Record<string, string>): string {
  const classes = [...new Set(Object.values(objects))];
  const lines = [
    `import { WorkerEntrypoint } from "cloudflare:workers";`,
    `import app, { Rpc${classes.map((c) => `, ${c}`).join("")} } from ${JSON.stringify(`./${bundle}`)};`,
    `const views = new WeakMap();`,
    // One view per env object and instance, so caches keyed by the instance's config object hold.
    `function view(env, id) {`,
    `  let mine = views.get(env);`,
    `  if (!mine) views.set(env, (mine = new Map()));`,
    `  let env_ = mine.get(id);`,
    `  if (!env_) mine.set(id, (env_ = { ...env, ...env.${SHARED_INSTANCES}[id]${Object.keys(objects).map((b) => `, ${b}: env[${JSON.stringify(`${b}__`)} + id]`).join("")} }));`,
    `  return env_;`,
    `}`,
  ];
  for (const id of instanceIds) {
    const name = JSON.stringify(id);
    lines.push(`export class Http__${id} extends WorkerEntrypoint { fetch(request) { return app.fetch(request, view(this.env, ${name}), this.ctx); } }`);
    lines.push(`export class Rpc__${id} extends Rpc { constructor(ctx, env) { super(ctx, view(env, ${name})); } }`);
    for (const c of classes) lines.push(`export class ${c}__${id} extends ${c} { constructor(ctx, env) { super(ctx, view(env, ${name})); } }`);
  }
  return `${lines.join("\n")}\n`;
}

/** The module beside the bundle, named by its text: stacks starting at once write the same file. */
function writeModule(bundlePath: string, text: string): string {
  const path = join(dirname(bundlePath), `shared-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.js`);
  if (existsSync(path)) return path;
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, text);
  renameSync(partial, path);
  return path;
}

/**
 * Groups the agent specs that can share a Worker (two or more instances of one implementation, none
 * with containers or secrets of its own); `alone` is everything else, unchanged.
 */
export function shareIsolates(specs: readonly WorkerSpec[], bundles: ReadonlyMap<string, string>): { alone: WorkerSpec[]; shared: SharedWorker[]; placement: Map<string, Placement> } {
  const byImplementation = new Map<string, WorkerSpec[]>();
  for (const spec of specs) {
    if (!shareable(spec)) continue;
    const key = JSON.stringify([spec.role, spec.implementation, spec.entry, spec.durableObjects, spec.kv]);
    byImplementation.set(key, [...(byImplementation.get(key) ?? []), spec]);
  }
  const shared: SharedWorker[] = [];
  const placement = new Map<string, Placement>();
  const names = new Set(specs.map((s) => s.name));
  for (const group of byImplementation.values()) {
    if (group.length < 2) continue;
    const services = union(group.map((s) => s.services));
    const foreignObjects = union(group.map((s) => s.foreignObjects));
    if (!services || !foreignObjects) continue;
    const first = group[0]!;
    let name = `${first.implementation} (shared)`;
    while (names.has(name)) name += "'";
    names.add(name);
    const instanceIds = ids(group);
    const bundle = bundles.get(first.entry)!;
    const durableObjects: Record<string, string> = {};
    for (const id of instanceIds) for (const [binding, className] of Object.entries(first.durableObjects)) durableObjects[`${binding}__${id}`] = `${className}__${id}`;
    shared.push({
      name,
      modules: [writeModule(bundle, moduleText(basename(bundle), instanceIds, first.durableObjects)), bundle],
      vars: { [SHARED_INSTANCES]: Object.fromEntries(group.map((spec, i) => [instanceIds[i]!, spec.vars])) },
      services,
      durableObjects,
      foreignObjects,
      kv: first.kv,
      sockets: group.map((spec, i) => ({ spec, entrypoint: `Http__${instanceIds[i]}` })),
    });
    group.forEach((spec, i) => placement.set(spec.name, { worker: name, http: `Http__${instanceIds[i]}`, rpc: `Rpc__${instanceIds[i]}`, id: instanceIds[i]! }));
  }
  return { alone: specs.filter((s) => !placement.has(s.name)), shared, placement };
}
