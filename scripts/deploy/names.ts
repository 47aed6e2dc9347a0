// What a deployment's Cloudflare resources are called. Instance names are snake_case; Worker names
// must be DNS labels (`<name>.<subdomain>.workers.dev`): lowercase letters, digits and hyphens, at
// most 63 characters. Every name carries the environment, so a preview stack never shares a Worker,
// a KV namespace or a Durable Object namespace (those belong to their Worker) with production.
import { createHash } from "node:crypto";
import { z } from "../../shared/zod.ts";

export const PRODUCTION = "production";
const MAX_WORKER_NAME = 63;

/** `pr-123`, `staging`: lowercase letters, digits and single hyphens; absent or "production" is production. */
export const EnvName = z
  .string()
  .max(32)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "an environment name is lowercase letters, digits and single hyphens (e.g. pr-123)");

/** `example_single_tool_call` -> `example-single-tool-call`: lowercase, every other character a hyphen, runs collapsed. */
export function dnsLabel(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

export interface Deployment {
  project: string;
  /** Undefined for production. */
  env: string | undefined;
}

export function deployment(project: string, env: string | undefined): Deployment {
  const label = dnsLabel(project);
  if (!label) throw new Error(`project name "${project}" has no letters or digits to name Workers with`);
  if (env === undefined || env === PRODUCTION) return { project: label, env: undefined };
  const checked = EnvName.safeParse(env);
  if (!checked.success) throw new Error(`--env "${env}": ${checked.error.issues[0]!.message}`);
  return { project: label, env };
}

export const envLabel = (d: Deployment) => d.env ?? PRODUCTION;
const envSuffix = (d: Deployment) => (d.env ? `-${d.env}` : "");

/** `<project>[-<env>]`: every Worker's DEPLOYMENT_ID, so a cookie from another deployment or env fails. */
export const deploymentId = (d: Deployment) => `${d.project}${envSuffix(d)}`;

/** The head's KV namespace title. */
export const kvTitle = (d: Deployment) => `${d.project}-config${envSuffix(d)}`;

/** `<project>-<instance>[-<env>]`; a name too long for a DNS label keeps its start and gains a hash of the whole. */
export function workerName(d: Deployment, instance: string): string {
  const full = `${d.project}-${dnsLabel(instance)}${envSuffix(d)}`;
  if (full.length <= MAX_WORKER_NAME) return full;
  const hash = createHash("sha256").update(full).digest("hex").slice(0, 8);
  const keep = MAX_WORKER_NAME - envSuffix(d).length - hash.length - 1;
  return `${full.slice(0, keep).replace(/-+$/, "")}-${hash}${envSuffix(d)}`;
}

/** Plan name -> Worker name, refusing two instances that would deploy as one Worker. */
export function workerNames(d: Deployment, planNames: string[]): Map<string, string> {
  const names = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const name of planNames) {
    const worker = workerName(d, name);
    const other = owners.get(worker);
    if (other !== undefined) throw new Error(`instances "${other}" and "${name}" would both deploy as Worker ${worker}; rename one`);
    owners.set(worker, name);
    names.set(name, worker);
  }
  return names;
}
