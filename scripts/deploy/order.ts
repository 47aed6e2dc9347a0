// Deploy order: every Worker after the Workers its service bindings, and its bindings to another
// Worker's Durable Objects, point at (resources and models before their agents, a gpu_gateway before
// its model server), so a Worker never goes live bound to a service or class that does not exist
// yet. Destroy runs it backwards.
import type { WorkerSpec } from "../plan/plan.ts";

export function dependencyOrder(specs: WorkerSpec[]): WorkerSpec[] {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const done = new Set<string>();
  const ordered: WorkerSpec[] = [];
  const visit = (spec: WorkerSpec, path: string[]) => {
    if (done.has(spec.name)) return;
    if (path.includes(spec.name)) throw new Error(`service bindings form a cycle: ${[...path.slice(path.indexOf(spec.name)), spec.name].join(" -> ")}`);
    for (const target of [...Object.values(spec.services), ...Object.values(spec.foreignObjects).map((o) => o.worker)]) {
      const dependency = byName.get(target);
      if (dependency) visit(dependency, [...path, spec.name]);
    }
    done.add(spec.name);
    ordered.push(spec);
  };
  for (const spec of specs) visit(spec, []);
  return ordered;
}
