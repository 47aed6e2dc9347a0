// reasoning-gym's arc families, each in its own module here.
import type { Family } from "../family.ts";
import arc1d from "./arc_1d.ts";
import arcAgi from "./arc_agi.ts";
import rearc from "./rearc.ts";

export default [arc1d, arcAgi, rearc] satisfies Family[];
