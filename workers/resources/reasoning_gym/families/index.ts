// Every reasoning-gym family this server scores, by the library's registered name. Each category's
// index lists its families; this file only lists the categories, and builds composite (the
// library's mixture) over all the others.
import type { Family } from "./family.ts";
import algebra from "./algebra/index.ts";
import algorithmic from "./algorithmic/index.ts";
import arc from "./arc/index.ts";
import arithmetic from "./arithmetic/index.ts";
import code from "./code/index.ts";
import cognition from "./cognition/index.ts";
import { compositeOf } from "./composite/composite.ts";
import games from "./games/index.ts";
import geometry from "./geometry/index.ts";
import graphs from "./graphs/index.ts";
import induction from "./induction/index.ts";
import logic from "./logic/index.ts";
import probability from "./probability/index.ts";

const ALL: readonly Family[] = [algebra, algorithmic, arc, arithmetic, code, cognition, games, geometry, graphs, induction, logic, probability].flat();

const byName = new Map(ALL.map((family) => [family.name, family]));
byName.set("composite", compositeOf((name) => byName.get(name)));

export const FAMILIES: ReadonlyMap<string, Family> = byName;
