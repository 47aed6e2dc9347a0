// `edge-gym init resources <name>`: writes a new resources server (Worker, declaration with its
// catalogue entry, config.yaml, a 5-row example dataset), its workerd test and its emulator skill
// into a project. Nothing else needs an edit: the stack discovers servers by their folders, and
// `npm run docs` lists the new one in docs/environments.md from its declaration.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { configTemplate } from "./config_template.ts";
import { dataTemplate } from "./data_template.ts";
import { declarationTemplate, serverTemplate, skillTemplate } from "./server_template.ts";
import { testTemplate } from "./test_template.ts";

// Instance and binding names derive from it (<name>_simple_agent, <NAME>), so it stays snake_case.
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

export class ScaffoldError extends Error {}

/** The files of a new resources server, by path relative to the project root. */
export function resourcesFiles(name: string): Record<string, string> {
  return {
    [`workers/resources/${name}/index.ts`]: serverTemplate(name),
    [`workers/resources/${name}/declaration.ts`]: declarationTemplate(name),
    [`workers/resources/${name}/config.yaml`]: configTemplate(name),
    [`workers/resources/${name}/data/example.jsonl`]: dataTemplate(),
    [`test/workers/resources/${name}.test.ts`]: testTemplate(name),
    [`gpu_gateway/emulator/skills/${name}.ts`]: skillTemplate(name),
  };
}

/** Writes the files under `root` and returns their relative paths; refuses a bad or taken name. */
export function scaffoldResources(root: string, name: string): string[] {
  if (!SNAKE_CASE.test(name)) throw new ScaffoldError(`invalid name "${name}": use snake_case (lower-case letters, digits and single underscores, starting with a letter)`);
  if (!existsSync(join(root, "workers/resources"))) throw new ScaffoldError(`${root} has no workers/resources folder: is it an Edge Gym project?`);
  const files = resourcesFiles(name);
  const taken = [`workers/resources/${name}`, ...Object.keys(files)].find((path) => existsSync(join(root, path)));
  if (taken) throw new ScaffoldError(`a resources server "${name}" exists already (${taken})`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text, { flag: "wx" });
  }
  return Object.keys(files);
}
