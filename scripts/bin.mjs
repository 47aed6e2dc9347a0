#!/usr/bin/env node
// The package's `edge-gym` command. The CLI is TypeScript that Node runs as is (type stripping,
// Node >= 22.18): under such a Node this runs it in this process; under an older one (the system
// Node of another project that installed this package) it runs it with the Node 22 this package
// installs (its `node` dependency), or says in one line what is missing. Plain JavaScript, so any
// Node can read it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("./edge-gym.ts", import.meta.url));

function bundledNode() {
  try {
    const path = join(dirname(createRequire(import.meta.url).resolve("node/package.json")), "bin", "node");
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

if (process.features.typescript) {
  await import(cli);
} else {
  const node = bundledNode();
  if (node === undefined) {
    console.error(`edge-gym: needs Node >= 22.18 (it runs TypeScript as is), this is ${process.version}; install Node 22, or the package's dependencies (npm install in ${dirname(dirname(cli))})`);
    process.exit(1);
  }
  const child = spawn(node, [cli, ...process.argv.slice(2)], { stdio: "inherit" });
  // Ctrl+C reaches the child too (same process group) and it shuts down in order: this one waits for it.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
