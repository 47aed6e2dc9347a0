// reasoning-gym's induction families, each in its own module here.
import type { Family } from "../family.ts";
import acre from "./acre.ts";
import listFunctions from "./list_functions.ts";

export default [acre, listFunctions] satisfies Family[];
