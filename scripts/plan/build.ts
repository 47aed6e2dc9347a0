// Bundles Worker entry points to plain ES modules for workerd (Miniflare runs prebuilt JS).
// esbuild directly, not `wrangler deploy --dry-run`: the same output in a fraction of the time,
// which is most of the stack's start-up.
import { build, stop } from "esbuild";
import type { Plugin } from "esbuild";
import { realpathSync } from "node:fs";
import { join, relative } from "node:path";
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

/** Builds each entry once; returns entry path -> bundle path. */
export async function bundleWorkers(entries: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(entries)];
  // Named by where the code really is (an implementation folder may be a link), kept inside BUILD_DIR.
  const names = new Map(unique.map((entry) => [entry, relative(ROOT, realpathSync(entry)).replaceAll("../", "_/").replace(/\.ts$/, "")]));
  const { metafile } = await build({
    entryPoints: Object.fromEntries(unique.map((entry) => [names.get(entry)!, entry])),
    outdir: BUILD_DIR,
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
    metafile: true,
    plugins: [withoutAjv, englishOnlyZod],
  });
  // esbuild's service process would otherwise stay alive (and resident) as long as the launcher.
  await stop();
  const bundles = new Map(unique.map((entry) => [entry, join(BUILD_DIR, `${names.get(entry)}.js`)]));
  // Every service binding is to a Worker's Rpc entrypoint: without one, workerd would fail to start
  // with no word of why.
  for (const [entry, bundle] of bundles) {
    if (!metafile.outputs[relative(process.cwd(), bundle)]?.exports.includes(RPC_ENTRYPOINT)) {
      throw new Error(`${relative(ROOT, entry)} does not export ${RPC_ENTRYPOINT}: every Worker exports its entrypoint for the project's own Workers (export const ${RPC_ENTRYPOINT} = rpcEntrypoint(app), shared/server/entrypoint.ts)`);
    }
  }
  return bundles;
}
