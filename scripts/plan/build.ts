// Bundles Worker entry points to plain ES modules for workerd (Miniflare runs prebuilt JS).
// esbuild directly, not `wrangler deploy --dry-run`: the same output in a fraction of the time,
// which is most of the stack's start-up; and a bundle whose inputs are unchanged is not built again.
import { build, stop, version } from "esbuild";
import type { BuildOptions, Metafile, Plugin } from "esbuild";
import { readFileSync, realpathSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { RPC_ENTRYPOINT } from "../../shared/server/rpc.ts";
import { ROOT } from "./registry.ts";

export const BUILD_DIR = join(ROOT, ".edge-gym", "build");

const AJV_STUB = join(ROOT, "shared", "resources", "mcp_ajv_stub.ts");
const ZOD_LOCALES_STUB = join(ROOT, "shared", "zod_locales_stub.ts");

// The MCP SDK's server imports its Ajv validator whether or not it is used; ours never is.
const withoutAjv: Plugin = {
  name: "mcp-without-ajv",
  setup(b) {
    b.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) => (args.importer.includes("@modelcontextprotocol") ? { path: AJV_STUB } : undefined));
  },
};

// zod's own re-exports of its locales barrel; the stub itself imports only English.
const englishOnlyZod: Plugin = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: ZOD_LOCALES_STUB } : undefined));
  },
};

const OPTIONS = {
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  conditions: ["workerd", "worker", "browser"],
  mainFields: ["module", "main"],
  external: ["cloudflare:*", "node:*"],
  // workerd parses every Worker's bundle at start-up: without whitespace and with shorter syntax,
  // a stack starts in about half the time. Identifiers are left as written, so stack traces and
  // class names read, with no `keepNames` helper: that one renames every function it creates
  // (each closure of every request), about 3% of workerd's CPU per rollout.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "error",
  // Paths in the metafile are relative to the project, whatever folder the CLI runs from.
  absWorkingDir: ROOT,
} satisfies BuildOptions;
const PLUGINS = [withoutAjv, englishOnlyZod];

/**
 * What a bundle was made from, beside it (`<bundle>.json`): a bundle whose recipe is the same and
 * whose every input has the size and mtime it had is not built again. A stack starts again in a
 * fraction of the time; `rm -rf .edge-gym/build` forces every bundle to be built.
 */
interface Manifest {
  recipe: string;
  /** Absolute path -> "<mtimeMs>:<size>". */
  inputs: Record<string, string>;
  exports: string[];
}

const RECIPE = JSON.stringify([version, OPTIONS, PLUGINS.map((p) => p.name)]);

function stamp(path: string, seen: Map<string, string | null>): string | null {
  if (!seen.has(path)) {
    try {
      const { mtimeMs, size } = statSync(path);
      seen.set(path, `${mtimeMs}:${size}`);
    } catch {
      seen.set(path, null);
    }
  }
  return seen.get(path)!;
}

/** The manifest of a bundle still as its inputs would make it, or undefined. */
function fresh(bundle: string, seen: Map<string, string | null>): Manifest | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(`${bundle}.json`, "utf8")) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest.recipe !== RECIPE || stamp(bundle, seen) === null) return undefined;
  return Object.entries(manifest.inputs).every(([path, was]) => stamp(path, seen) === was) ? manifest : undefined;
}

/** Every file the entry's bundle was made from: what it imports, and so on (an input esbuild inlined whole included). */
function reachable(metafile: Metafile, entryPoint: string): Set<string> {
  const found = new Set<string>([entryPoint]);
  for (const path of found) {
    for (const { path: imported, external } of metafile.inputs[path]?.imports ?? []) if (!external) found.add(imported);
  }
  return found;
}

/** Builds each entry once (or not, if its bundle is fresh); returns entry path -> bundle path. */
export async function bundleWorkers(entries: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(entries)];
  // Named by where the code really is (an implementation folder may be a link), kept inside BUILD_DIR.
  const names = new Map(unique.map((entry) => [entry, relative(ROOT, realpathSync(entry)).replaceAll("../", "_/").replace(/\.ts$/, "")]));
  const bundles = new Map(unique.map((entry) => [entry, join(BUILD_DIR, `${names.get(entry)}.js`)]));
  const seen = new Map<string, string | null>();
  const exports = new Map<string, string[]>();
  for (const [entry, bundle] of bundles) {
    const manifest = fresh(bundle, seen);
    if (manifest) exports.set(entry, manifest.exports);
  }
  const stale = unique.filter((entry) => !exports.has(entry));
  if (stale.length > 0) {
    const { metafile } = await build({ ...OPTIONS, entryPoints: Object.fromEntries(stale.map((entry) => [names.get(entry)!, entry])), outdir: BUILD_DIR, metafile: true, plugins: PLUGINS });
    // esbuild's service process would otherwise stay alive (and resident) as long as the launcher.
    await stop();
    const built = new Map<string, string | null>();
    for (const entry of stale) {
      const bundle = bundles.get(entry)!;
      const output = metafile.outputs[relative(ROOT, bundle)]!;
      exports.set(entry, output.exports);
      const inputs = Object.fromEntries([...reachable(metafile, output.entryPoint!)].map((input) => resolve(ROOT, input)).map((path) => [path, stamp(path, built)]));
      // Written whole, then renamed: a launch alongside never reads half a manifest.
      const manifest: Manifest = { recipe: RECIPE, inputs: inputs as Record<string, string>, exports: output.exports };
      const partial = `${bundle}.json.${process.pid}`;
      writeFileSync(partial, JSON.stringify(manifest));
      renameSync(partial, `${bundle}.json`);
    }
  }
  // Every service binding is to a Worker's Rpc entrypoint: without one, workerd would fail to start
  // with no word of why.
  for (const entry of unique) {
    if (!exports.get(entry)!.includes(RPC_ENTRYPOINT)) {
      throw new Error(`${relative(ROOT, entry)} does not export ${RPC_ENTRYPOINT}: every Worker exports its entrypoint for the project's own Workers (export const ${RPC_ENTRYPOINT} = rpcEntrypoint(app), shared/server/entrypoint.ts)`);
    }
  }
  return bundles;
}
