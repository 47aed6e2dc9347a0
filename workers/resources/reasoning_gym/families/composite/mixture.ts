// composite's generator: the library's CompositeConfig (datasets: [{name, weight, config}]) picks
// one sub-dataset per task with probability proportional to its weight, and the task is that
// dataset's, generated with its config for the same index.
import type { Entry, Family } from "../family.ts";
import type { Rng } from "../rng.ts";

interface Spec {
  name: string;
  weight: number;
  config: Record<string, unknown>;
}

function specs(config: Record<string, unknown>): Spec[] {
  const datasets = config.datasets;
  if (!Array.isArray(datasets) || datasets.length === 0) throw new RangeError("composite config.datasets must list at least one dataset");
  const seen = new Set<string>();
  return datasets.map((spec: unknown, i) => {
    const { name, weight = 1, config: sub = {} } = (spec ?? {}) as Record<string, unknown>;
    if (typeof name !== "string" || name === "") throw new RangeError(`composite config.datasets[${i}].name must be a dataset name`);
    if (seen.has(name)) throw new RangeError(`composite config.datasets names ${name} twice`);
    seen.add(name);
    if (typeof weight !== "number" || !(weight > 0) || !Number.isFinite(weight)) throw new RangeError(`composite config.datasets[${i}].weight must be positive`);
    if (typeof sub !== "object" || sub === null || Array.isArray(sub)) throw new RangeError(`composite config.datasets[${i}].config must be an object`);
    return { name, weight, config: sub as Record<string, unknown> };
  });
}

export function generateMixed(rng: Rng, config: Record<string, unknown>, index: number, lookup: (name: string) => Family | undefined): Entry {
  const list = specs(config);
  const families = list.map(({ name }) => {
    const family = lookup(name);
    if (!family?.generate) throw new RangeError(`composite config.datasets: ${name} has no generator here`);
    return family;
  });
  const total = list.reduce((sum, spec) => sum + spec.weight, 0);
  let pick = rng.float() * total;
  let chosen = list.length - 1;
  for (let i = 0; i < list.length; i++) {
    pick -= list[i]!.weight;
    if (pick < 0) {
      chosen = i;
      break;
    }
  }
  return families[chosen]!.generate!(rng, list[chosen]!.config, index);
}
