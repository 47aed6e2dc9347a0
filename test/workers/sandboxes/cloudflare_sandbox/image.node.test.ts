// The container image holds everything its server needs (no Docker here to build it): every module
// scripts/sandbox/main.ts reaches is in a folder the Dockerfile copies (and its ignore file lets
// through), every package it imports is a runtime dependency (`npm ci --omit=dev` installs only
// those), and the server listens on the port the Worker proxies to.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { expect, test } from "vitest";
import { ROOT } from "../../../../scripts/plan/registry.ts";
import { SANDBOX_PORT } from "../../../../workers/sandboxes/cloudflare_sandbox/pool.ts";

const FOLDER = join(ROOT, "workers/sandboxes/cloudflare_sandbox");
const dockerfile = readFileSync(join(FOLDER, "Dockerfile"), "utf8");
const ignore = readFileSync(join(FOLDER, "Dockerfile.dockerignore"), "utf8");

/** The sources of the Dockerfile's COPY lines, as written. */
const copied = [...dockerfile.matchAll(/^COPY (.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));

test("the image copies every module the sandbox server imports, and installs every package it imports", async () => {
  const { metafile } = await build({ entryPoints: [join(ROOT, "scripts/sandbox/main.ts")], absWorkingDir: ROOT, bundle: true, write: false, metafile: true, platform: "node", format: "esm", packages: "external", logLevel: "silent" });
  const modules = Object.keys(metafile.inputs);
  expect(modules).toContain("scripts/sandbox/server.ts");
  const folders = copied.filter((source) => source.endsWith("/"));
  for (const module of modules) expect(folders.some((f) => module.startsWith(f)), `${module} is not copied into the image`).toBe(true);

  const dependencies = Object.keys((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: object }).dependencies);
  const packages = new Set(Object.values(metafile.inputs).flatMap((i) => i.imports.filter((m) => m.external && !m.path.startsWith("node:")).map((m) => m.path.split("/").slice(0, m.path.startsWith("@") ? 2 : 1).join("/"))));
  expect(packages.size).toBeGreaterThan(0);
  for (const name of packages) expect(dependencies, `${name} is not a runtime dependency`).toContain(name);
});

test("the build context sends exactly what the image copies", () => {
  const allowed = ignore.split("\n").filter((l) => l.startsWith("!")).map((l) => l.slice(1));
  expect(ignore).toMatch(/^\*$/m);
  expect(allowed.sort()).toEqual([...copied].sort());
});

test("the server listens on the port the Worker proxies to, on every address of the container", () => {
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
  expect(cmd.slice(0, 2)).toEqual(["node", "scripts/sandbox/main.ts"]);
  expect(cmd[cmd.indexOf("--port") + 1]).toBe(String(SANDBOX_PORT));
  expect(cmd[cmd.indexOf("--host") + 1]).toBe("0.0.0.0");
  expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${SANDBOX_PORT}$`, "m"));
});
