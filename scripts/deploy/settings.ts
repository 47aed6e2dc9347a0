// Per-Worker deploy settings, from the config's top-level `deploy` mapping, keyed by instance name
// (`head` for the head). Only public Workers (the head and agents) take them: internal Workers are
// reachable through service bindings alone.
//
//   deploy:
//     head: {routes: [{pattern: gym.example.com/*, zone_name: example.com}], workers_dev: false}
//     my_simple_agent: {rate_limit_per_minute: 1200}
import { z } from "../../shared/zod.ts";
import type { WorkerSpec } from "../plan/plan.ts";

import { DEFAULT_RATE_LIMIT_PER_MINUTE } from "../plan/runtime.ts";

const Route = z.union([
  z.string().min(1),
  z.strictObject({
    pattern: z.string().min(1),
    zone_name: z.string().optional(),
    zone_id: z.string().optional(),
    custom_domain: z.boolean().optional(),
  }),
]);
export type Route = z.infer<typeof Route>;

export const WorkerSettings = z
  .strictObject({
    /** Production only: a preview env must never take over production's routes. */
    routes: z.array(Route).optional(),
    /** `<worker>.<subdomain>.workers.dev` beside the routes; without routes it is always on. */
    workers_dev: z.boolean().optional(),
    /** Requests per minute per caller, through the RATE_LIMITER binding. */
    rate_limit_per_minute: z.int().positive().default(DEFAULT_RATE_LIMIT_PER_MINUTE),
  })
  .refine((s) => s.workers_dev !== false || (s.routes?.length ?? 0) > 0, {
    message: "workers_dev: false needs routes, or the Worker has no address",
    path: ["workers_dev"],
  });
export type WorkerSettings = z.infer<typeof WorkerSettings>;

const DeploySettings = z.record(z.string(), WorkerSettings).default({});

/** Settings per public Worker (plan name), checked against the plan so a typo is an error, not a silent default. */
export function deploySettings(config: Record<string, unknown>, specs: WorkerSpec[]): Map<string, WorkerSettings> {
  const parsed = DeploySettings.safeParse(config.deploy ?? undefined);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`deploy.${issue.path.join(".")}: ${issue.message}`);
  }
  const publicNames = specs.filter((s) => s.public).map((s) => s.name);
  for (const name of Object.keys(parsed.data)) {
    if (!publicNames.includes(name)) {
      const known = specs.some((s) => s.name === name);
      throw new Error(`deploy.${name}: ${known ? "an internal Worker takes no deploy settings (it is reached through service bindings only)" : `no public Worker "${name}" (public: ${publicNames.join(", ")})`}`);
    }
  }
  return new Map(publicNames.map((name) => [name, parsed.data[name] ?? WorkerSettings.parse({})]));
}
