#!/usr/bin/env node
// The package's `edge-gym` command. The CLI is TypeScript that Node runs as is (type stripping,
// Node >= 22.18): under such a Node, from a clone, this runs it in this process. Otherwise it runs
// it in a child: with the Node 22 this package installs (its `node` dependency) when the Node on
// PATH is older (another project's), and, when this copy sits under node_modules (where Node
// strips no types), with the hooks of register.mjs in NODE_OPTIONS, so the CLI and every Node
// process it starts load this package's .ts files. Plain JavaScript, so any Node can read it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../edge-gym.ts", import.meta.url));
const installed = cli.split(sep).includes("node_modules");

function bundledNode() {
  try {
    const path = join(dirname(createRequire(import.meta.url).resolve("node/package.json")), "bin", "node");
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

if (process.features.typescript && !installed) {
  await import(cli);
} else {
  const node = process.features.typescript ? process.execPath : bundledNode();
  if (node === undefined) {
    console.error(`edge-gym: needs Node >= 22.18 (it runs TypeScript as is), this is ${process.version}; install Node 22, or the package's dependencies (npm install in ${dirname(dirname(cli))})`);
    process.exit(1);
  }
  const register = new URL("./register.mjs", import.meta.url).href;
  const env = installed ? { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${register} --disable-warning=ExperimentalWarning`.trim() } : process.env;
  const child = spawn(node, [cli, ...process.argv.slice(2)], { stdio: "inherit", env });
  // Ctrl+C reaches the child too (same process group) and it shuts down in order: this one waits for it.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
