// The prompt files an instance's config names (Declaration.promptFiles), read here and passed in
// its config (shared/judge/files.ts), since a Worker reads no files. A path is looked for as NeMo
// Gym's servers find theirs: from the working directory (a NeMo checkout's
// `resources_servers/<name>/prompts/judge.yaml`), then from that server's folder there
// (`configs/verifier_prompt_templates.yaml`), then in our implementation's folder, where our own
// prompts of the same names are (so NeMo's config files run unchanged outside a NeMo checkout).
import { existsSync, readFileSync } from "node:fs";
import { basename, isAbsolute, join, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { ConfigError } from "../../shared/config/errors.ts";
import { isMapping } from "../../shared/config/tree.ts";
import type { ResourcesDeclaration } from "../../shared/declaration.ts";
import { INLINED_FILES } from "../../shared/judge/files.ts";
import type { Implementation } from "./registry.ts";

function candidates(path: string, implementation: Implementation): string[] {
  if (isAbsolute(path)) return [path];
  const folder = basename(implementation.dir);
  const withinServer = path.replace(/^(\.\/)?resources_servers\/[^/]+\//, "");
  return [resolve(path), resolve("resources_servers", folder, path), join(implementation.dir, path), join(implementation.dir, withinServer)];
}

function readPromptFile(path: string, implementation: Implementation, at: string): unknown {
  const tried = candidates(path, implementation);
  const found = tried.find((p) => existsSync(p));
  if (!found) throw new ConfigError([`${at}: prompt file ${path} not found (looked at ${tried.join(", ")})`]);
  const text = readFileSync(found, "utf8");
  if (!/\.ya?ml$/i.test(found)) return text;
  try {
    return parseYaml(text);
  } catch (err) {
    throw new ConfigError([`${at}: prompt file ${found} is not valid YAML: ${(err as Error).message.split("\n")[0]}`]);
  }
}

/**
 * `config` with the content of every prompt file its declared keys name (their defaults too) under
 * INLINED_FILES, keyed by the path as written. `at` names the instance, for errors.
 */
export function withPromptFiles(config: Record<string, unknown>, implementation: Implementation, at: string): Record<string, unknown> {
  const keys = (implementation.declaration as Partial<ResourcesDeclaration>).promptFiles ?? [];
  if (keys.length === 0) return config;
  // The schema's defaults name the server's own prompt files when the config names none.
  const parsed = implementation.declaration.config.safeParse(config);
  const source = (parsed.success ? parsed.data : config) as Record<string, unknown>;
  const files: Record<string, unknown> = {};
  for (const key of keys) {
    const value = source[key];
    const paths = typeof value === "string" ? [value] : isMapping(value) ? Object.values(value).filter((v): v is string => typeof v === "string") : [];
    for (const path of paths) files[path] ??= readPromptFile(path, implementation, `${at}.${key}`);
  }
  return { ...config, [INLINED_FILES]: files };
}
