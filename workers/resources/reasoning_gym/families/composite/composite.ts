// composite: the library's mixture of datasets. Its tasks are the sub-datasets' own, each naming
// its sub-dataset in metadata.source_dataset, and it scores a task by handing it to that
// dataset's scorer: so here, to the family of that name. A row naming "composite" itself names no
// sub-dataset (and the library cannot even build composite's scorer with its default, empty,
// config), so it scores 0, as in NeMo Gym's server.
// It is built over the other families (families/index.ts hands it their lookup).
import { defineFamily, type Entry, type Family } from "../family.ts";
import { generateMixed } from "./mixture.ts";

const NAME = "composite";

/** composite over the families `lookup` finds by name. */
export function compositeOf(lookup: (name: string) => Family | undefined): Family {
  const other = (name: string) => (name === NAME ? undefined : lookup(name));
  const delegate = (entry: Entry): Family => {
    const family = other(entry.metadata.source_dataset);
    if (!family) throw new Error(`composite cannot score a task of ${JSON.stringify(entry.metadata.source_dataset)}`);
    return family;
  };
  return defineFamily({
    name: NAME,
    category: "composite",
    scorer: "own",
    score: (answer, entry) => delegate(entry).score(answer, entry),
    generate: (rng, config, index) => generateMixed(rng, config, index, other),
  });
}
