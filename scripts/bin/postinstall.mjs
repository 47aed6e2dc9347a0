// npm's postinstall: in a clone, apply patches/ to Miniflare (patch-package; a faster local start,
// see the patch's comments). A copy installed as another project's dependency has no patch-package
// and no Miniflare of its own to patch: it runs Miniflare as published.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const patchPackage = `${root}node_modules/.bin/patch-package`;
if (root.split(sep).includes("node_modules") || !existsSync(patchPackage)) process.exit(0);
process.exit(spawnSync(patchPackage, { cwd: root, stdio: "inherit" }).status ?? 1);
