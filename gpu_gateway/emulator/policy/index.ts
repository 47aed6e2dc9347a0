// The scripted policy: the first skill that recognises the offered tools plays the turn.
import { counter } from "./counter.ts";
import { generic } from "./generic.ts";
import { synonyms } from "./synonyms.ts";
import type { Action, Situation } from "./types.ts";
import { weather } from "./weather.ts";

const SKILLS = [weather, counter, synonyms, generic];

export function play(situation: Situation): Action {
  const names = new Set(situation.tools.map((tool) => tool.name));
  const skill = SKILLS.find((s) => s.handles(names)) ?? generic;
  return skill.play(situation);
}
