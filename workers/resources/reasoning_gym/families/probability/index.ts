// reasoning-gym's probability families, each in its own module here.
import type { Family } from "../family.ts";
import coinFlip from "./coin_flip.ts";

export default [coinFlip] satisfies Family[];
