// reasoning-gym's logic families, each in its own module here.
import type { Family } from "../family.ts";
import knightsKnaves from "./knights_knaves.ts";
import aiw from "./aiw.ts";
import circuitLogic from "./circuit_logic.ts";
import propositionalLogic from "./propositional_logic.ts";
import selfReference from "./self_reference.ts";
import syllogism from "./syllogism.ts";
import zebraPuzzles from "./zebra_puzzles.ts";

export default [knightsKnaves, aiw, circuitLogic, propositionalLogic, selfReference, syllogism, zebraPuzzles] satisfies Family[];
