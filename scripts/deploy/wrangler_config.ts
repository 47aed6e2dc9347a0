// One Worker of the plan as a wrangler config for one environment. Each config is flat (no
// `[env.*]` blocks): the environment is already in every name, and wrangler does not inherit
// bindings into env blocks anyway. `main` is the bundle scripts/stack/build.ts made, the same code
// the local stack runs.
import type { WorkerSpec } from "../plan/plan.ts";
import { ROOT } from "../plan/registry.ts";
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS, rateLimitNamespaceId } from "../plan/runtime.ts";
import { deploymentId } from "./names.ts";
import type { Deployment } from "./names.ts";
import type { Route, WorkerSettings } from "./settings.ts";
import { splitSecrets } from "./secrets.ts";
import { RPC_ENTRYPOINT } from "../../shared/server/rpc.ts";

export const RATE_LIMITER = "RATE_LIMITER";

export interface WranglerConfig {
  name: string;
  main: string;
  compatibility_date: string;
  compatibility_flags: string[];
  send_metrics: false;
  workers_dev: boolean;
  preview_urls: false;
  routes?: Route[];
  vars: Record<string, unknown>;
  services?: { binding: string; service: string; entrypoint: string }[];
  durable_objects?: { bindings: { name: string; class_name: string; script_name?: string }[] };
  migrations?: ({ tag: string; new_sqlite_classes: string[] } | { tag: string; deleted_classes: string[] })[];
  containers?: { class_name: string; image: string; image_build_context: string; max_instances: number; instance_type: string }[];
  kv_namespaces?: { binding: string; id: string }[];
  ratelimits?: { name: string; namespace_id: string; simple: { limit: number; period: 60 } }[];
}

export interface ConfigInputs {
  deployment: Deployment;
  /** Plan name -> Worker name, for every Worker of the deployment. */
  names: Map<string, string>;
  /** Set for public Workers only. */
  settings: WorkerSettings | undefined;
  /** The head's KV namespace (a placeholder in a dry run). */
  kvNamespaceId: string;
  main: string;
}

export interface GeneratedWorker {
  spec: WorkerSpec;
  config: WranglerConfig;
  /** Secrets whose values the config holds (api keys): name -> value. Never written into `config`. */
  configSecrets: Record<string, string>;
}

// One migration per class, tagged by its name, in the plan's order: Cloudflare applies the
// migrations after the last tag it has seen, so a class the plan appends later gets its own. A
// retired class keeps its creation and adds its deletion after everything else: a Worker deployed
// with it applies only the deletion; a new Worker, the whole history.
function migrations(durableObjects: Record<string, string>, retired: readonly string[]): WranglerConfig["migrations"] {
  const created = (className: string) => ({ tag: `sqlite-${className}`, new_sqlite_classes: [className] });
  return [
    ...[...new Set([...retired, ...Object.values(durableObjects)])].map(created),
    ...retired.map((className) => ({ tag: `deleted-${className}`, deleted_classes: [className] })),
  ];
}

// Internal Workers get no address at all. A public one is on workers.dev unless production routes
// replace it; a preview env never takes production's routes, so workers.dev is its way in.
function publicAccess(spec: WorkerSpec, inputs: ConfigInputs): Pick<WranglerConfig, "workers_dev" | "routes"> {
  if (!spec.public) return { workers_dev: false };
  const routes = inputs.deployment.env === undefined ? inputs.settings?.routes ?? [] : [];
  if (!routes.length) return { workers_dev: true };
  return { workers_dev: inputs.settings?.workers_dev ?? false, routes };
}

export function wranglerConfig(spec: WorkerSpec, inputs: ConfigInputs): GeneratedWorker {
  const worker = inputs.names.get(spec.name)!;
  const { vars, secrets } = splitSecrets(spec.vars);
  const config: WranglerConfig = {
    name: worker,
    main: inputs.main,
    compatibility_date: COMPATIBILITY_DATE,
    compatibility_flags: COMPATIBILITY_FLAGS,
    send_metrics: false,
    ...publicAccess(spec, inputs),
    preview_urls: false,
    vars: {
      ...vars,
      DEPLOYMENT_ID: deploymentId(inputs.deployment),
      ...(spec.public ? { AUTH_MODE: "bearer" } : {}),
    },
  };
  const services = Object.entries(spec.services).map(([binding, target]) => {
    const service = inputs.names.get(target);
    if (!service) throw new Error(`${spec.name}: binding ${binding} points at "${target}", which the plan does not deploy`);
    return { binding, service, entrypoint: RPC_ENTRYPOINT };
  });
  if (services.length) config.services = services;
  const bindings = [
    ...Object.entries(spec.durableObjects).map(([name, class_name]) => ({ name, class_name })),
    // Another Worker's class: it declares the class and its migrations; this one only binds it.
    ...Object.entries(spec.foreignObjects).map(([name, { className, worker }]) => {
      const script = inputs.names.get(worker);
      if (!script) throw new Error(`${spec.name}: Durable Object binding ${name} is of "${worker}", which the plan does not deploy`);
      return { name, class_name: className, script_name: script };
    }),
  ];
  if (bindings.length) config.durable_objects = { bindings };
  if (Object.keys(spec.durableObjects).length || spec.retiredObjects.length) config.migrations = migrations(spec.durableObjects, spec.retiredObjects);
  // A container's image is built from its folder's Dockerfile with the project root as the
  // context, so it can hold the project's own code (cloudflare_sandbox runs scripts/sandbox).
  if (spec.containers.length) {
    config.containers = spec.containers.map((c) => ({ class_name: c.className, image: c.image, image_build_context: ROOT, max_instances: c.maxInstances, instance_type: c.instanceType }));
  }
  if (spec.kv.length) config.kv_namespaces = spec.kv.map((binding) => ({ binding, id: inputs.kvNamespaceId }));
  if (spec.public) {
    const limit = inputs.settings?.rate_limit_per_minute;
    if (limit === undefined) throw new Error(`${spec.name}: a public Worker needs its deploy settings`);
    config.ratelimits = [{ name: RATE_LIMITER, namespace_id: rateLimitNamespaceId(worker), simple: { limit, period: 60 } }];
  }
  return { spec, config, configSecrets: secrets };
}
