// Layered config merge, OmegaConf semantics: later wins; mappings merge key by key so a layer can
// change one field deep inside an instance; lists and scalars replace whole.
import { getKey, isMapping, setKey, type Mapping } from "./tree.ts";

// A `???` in a later layer means "still required", not "erase": it never overwrites a value an
// earlier layer set (OmegaConf.merge does the same).
export const MISSING = "???";

export function deepMerge(...layers: Mapping[]): Mapping {
  const out: Mapping = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      const previous = getKey(out, key);
      if (value === MISSING && previous !== undefined) continue;
      // Mappings are always copied so the result shares no mutable mapping with its inputs.
      setKey(out, key, isMapping(value) ? deepMerge(isMapping(previous) ? previous : {}, value) : value);
    }
  }
  return out;
}
