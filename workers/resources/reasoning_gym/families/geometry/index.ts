// reasoning-gym's geometry families, each in its own module here.
import type { Family } from "../family.ts";
import advancedGeometry from "./advanced_geometry.ts";
import simpleGeometry from "./simple_geometry.ts";

export default [advancedGeometry, simpleGeometry] satisfies Family[];
