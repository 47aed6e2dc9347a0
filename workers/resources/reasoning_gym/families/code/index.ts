// reasoning-gym's code families, each in its own module here.
import type { Family } from "../family.ts";
import bf from "./bf.ts";
import codeio from "./codeio.ts";

export default [bf, codeio] satisfies Family[];
