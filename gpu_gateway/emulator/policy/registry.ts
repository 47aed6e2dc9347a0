// Every environment's skill, by environment name: the default export of skills/<name>.ts, found
// on disk at start-up, so an environment's skill is one file and no list orders or names them.
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Skill } from "./types.ts";

const SKILLS_DIR = fileURLToPath(new URL("../skills/", import.meta.url));

async function load(file: string): Promise<[string, Skill]> {
  const skill = (await import(join(SKILLS_DIR, file))).default as Partial<Skill> | undefined;
  if (typeof skill?.play !== "function") throw new Error(`gpu_gateway/emulator/skills/${file} must export a skill ({ play }) as its default`);
  return [basename(file, ".ts"), skill as Skill];
}

const files = readdirSync(SKILLS_DIR).filter((file) => file.endsWith(".ts"));
const SKILLS: ReadonlyMap<string, Skill> = new Map(await Promise.all(files.map(load)));

/** The environments that have a skill of their own. */
export const ENVIRONMENTS_WITH_SKILLS: readonly string[] = [...SKILLS.keys()].sort();

export const skillFor = (environment: string): Skill | undefined => SKILLS.get(environment);
