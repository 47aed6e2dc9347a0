// From a resolved config to the Workers that run it: one Worker per instance (its implementation's
// bundle, its config as a JSON binding, a service binding per instance it references), one GPU
// gateway per vllm_model instance (its fleet from the instance's base_url, api_key and `gateway`
// settings), and the head. Miniflare options (local) and wrangler configs
// (deploy) are both generated from this plan.
import { join } from "node:path";
import { bindingName } from "../../shared/client/targets.ts";
import { findReferences } from "../../shared/config/instances.ts";
import { GatewayConfig } from "../../gpu_gateway/worker/config.ts";
import type { Instance } from "../../shared/config/instances.ts";
import type { ServerType } from "../../shared/schemas/config.ts";
import { ROOT, entryPoint } from "./registry.ts";

export interface WorkerSpec {
  name: string;
  role: ServerType | "head" | "gpu_gateway";
  instance: string;
  implementation: string;
  entry: string;
  /** Plain and JSON bindings (never secrets). */
  vars: Record<string, unknown>;
  /** Binding name -> worker name. */
  services: Record<string, string>;
  /** Binding name -> the SQLite-backed Durable Object class the Worker exports for it. */
  durableObjects: Record<string, string>;
  kv: string[];
  /** Reachable from outside the deployment (the head and agents); every other Worker is internal. */
  public: boolean;
  host?: string;
  port?: number;
}

export const HEAD_NAME = "head";
export const HEAD_PORT = 11000;
export const gatewayName = (modelInstance: string) => `${modelInstance}_gpu_gateway`;

// Binding names the Workers use for themselves; an instance must not shadow one of them.
const RESERVED_BINDINGS = new Set(["INSTANCE_NAME", "INSTANCE_CONFIG", "SESSION_SECRET", "SESSIONS", "SESSION_TTL_S", "MAX_BODY_BYTES", "GATEWAY", "GATEWAY_CONFIG", "ROUTER", "CONFIG", "INSTANCE_CONFIG_SECRETS", "GATEWAY_CONFIG_SECRETS", "DEPLOYMENT_ID", "AUTH_MODE", "AUTH_TOKENS", "RATE_LIMITER", "ROLLOUTS"]);

// Resources servers keep per-session state in their own SessionDO class; routers keep a fleet's
// routing state (sessions, load, health) in their own FleetRouterDO class.
const SESSION_OBJECTS = { SESSIONS: "SessionDO" };
const ROUTER_OBJECTS = { ROUTER: "FleetRouterDO" };
// Agents run async rollouts (POST /run with Prefer: respond-async) in their own RolloutDO class.
const ROLLOUT_OBJECTS = { ROLLOUTS: "RolloutDO" };

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value == null ? [] : [String(value)]);

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

function durableObjectsOf(instance: Instance): Record<string, string> {
  if (instance.serverType === "resources_servers") return SESSION_OBJECTS;
  if (instance.serverType === "responses_api_agents") return ROLLOUT_OBJECTS;
  // openai_model's concurrency limit holds across isolates through its own router object.
  if (instance.implementation === "openai_model") return ROUTER_OBJECTS;
  return {};
}

// Checked here so a bad setting stops the start with its path, not the first rollout with a 500.
function gatewayConfig(instance: Instance): Record<string, unknown> {
  const settings = instance.config.gateway ?? {};
  if (typeof settings !== "object" || Array.isArray(settings)) throw new Error(`${instance.name}.gateway must be a mapping of gateway settings`);
  const config = { ...settings, endpoints: asList(instance.config.base_url), api_key: instance.config.api_key ?? undefined };
  const checked = GatewayConfig.safeParse(config);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => `${[instance.name, ...(i.path[0] === "endpoints" ? ["base_url", ...i.path.slice(1)] : ["gateway", ...i.path])].join(".")}: ${i.message}`);
    throw new Error(`invalid gateway settings: ${issues.join("; ")}`);
  }
  return config;
}

export function planWorkers(instances: Instance[], headPort = HEAD_PORT): WorkerSpec[] {
  const specs: WorkerSpec[] = [
    {
      name: HEAD_NAME,
      role: "head",
      instance: HEAD_NAME,
      implementation: "head",
      entry: join(ROOT, "workers/head/index.ts"),
      vars: { INSTANCE_NAME: HEAD_NAME },
      services: {},
      durableObjects: {},
      kv: ["CONFIG"],
      public: true,
      port: headPort,
    },
  ];
  for (const instance of instances) {
    if (instance.name === HEAD_NAME) throw new Error(`instance name "${HEAD_NAME}" is reserved for the head server`);
    const binding = bindingName(instance.name);
    if (RESERVED_BINDINGS.has(binding)) throw new Error(`instance name "${instance.name}" clashes with the reserved binding ${binding}; rename the instance`);
    const services = Object.fromEntries([...findReferences(instance.config, [])].map(({ ref }) => [bindingName(ref.name), ref.name]));
    const spec: WorkerSpec = {
      name: instance.name,
      role: instance.serverType,
      instance: instance.name,
      implementation: instance.implementation,
      entry: entryPoint(instance.serverType, instance.implementation),
      vars: { INSTANCE_NAME: instance.name, INSTANCE_CONFIG: instance.config, ...bodyLimit(instance.config) },
      services,
      durableObjects: durableObjectsOf(instance),
      kv: [],
      public: instance.serverType === "responses_api_agents",
      ...portOf(instance.config),
    };
    if (instance.serverType === "responses_api_models" && instance.implementation === "vllm_model") {
      const gateway = gatewayName(instance.name);
      spec.services.GATEWAY = gateway;
      specs.push({
        name: gateway,
        role: "gpu_gateway",
        instance: instance.name,
        implementation: "gpu_gateway",
        entry: join(ROOT, "gpu_gateway/worker/index.ts"),
        vars: { INSTANCE_NAME: gateway, GATEWAY_CONFIG: gatewayConfig(instance) },
        services: {},
        durableObjects: ROUTER_OBJECTS,
        kv: [],
        public: false,
      });
    }
    specs.push(spec);
  }
  return specs;
}
