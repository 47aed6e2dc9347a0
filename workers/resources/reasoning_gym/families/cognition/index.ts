// reasoning-gym's cognition families, each in its own module here.
import type { Family } from "../family.ts";
import colorCubeRotation from "./color_cube_rotation.ts";
import figletFont from "./figlet_font.ts";
import moduloGrid from "./modulo_grid.ts";
import needleHaystack from "./needle_haystack.ts";
import numberSequence from "./number_sequence.ts";
import rectangleCount from "./rectangle_count.ts";
import rubiksCube from "./rubiks_cube.ts";

export default [colorCubeRotation, figletFont, moduloGrid, needleHaystack, numberSequence, rectangleCount, rubiksCube] satisfies Family[];
