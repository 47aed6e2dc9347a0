// The Worker bundles: zod's error messages in English only (the other locales are left out of
// every bundle), and the bundle still runs in workerd with them; a Worker without the Rpc
// entrypoint every service binding points at is refused, saying so.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { expect, test } from "vitest";
import { bundleWorkers } from "../../../scripts/plan/build.ts";
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS } from "../../../scripts/plan/runtime.ts";

test("a bundle carries zod's English messages and no other locale, and runs", async () => {
  const entry = "test/workerd/zod_worker.ts";
  const bundle = (await bundleWorkers([entry])).get(entry)!;
  const text = readFileSync(bundle, "utf8");
  // German's and French's messages (esbuild writes non-ASCII characters as escapes).
  expect(text).not.toContain("erwartet instanceof");
  expect(text).not.toContain("invalide : instance de");
  expect(text).toContain("Invalid input: expected");

  const mf = new Miniflare(convertV4MiniflareOptions({ workers: [{ name: "zod", modules: true, scriptPath: bundle, compatibilityDate: COMPATIBILITY_DATE, compatibilityFlags: COMPATIBILITY_FLAGS }] }));
  try {
    const answer = (await (await mf.dispatchFetch("http://zod.test/")).json()) as { message: string; locales: string[] };
    expect(answer).toEqual({ message: "Invalid input: expected string, received number", locales: ["en"] });
  } finally {
    await mf.dispose();
  }
}, 60_000);

test("a Worker that does not export Rpc is refused before anything starts, naming the file and the fix", async () => {
  const entry = join(mkdtempSync(join(tmpdir(), "edge-gym-build-")), "index.ts");
  writeFileSync(entry, "export default { fetch: () => new Response('ok') };\n");
  await expect(bundleWorkers([entry])).rejects.toThrow(/index\.ts does not export Rpc: .*export const Rpc = rpcEntrypoint\(app\)/);
}, 60_000);

test("a bundle whose inputs are unchanged is not built again; an edited input, or a deleted manifest, rebuilds it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-build-"));
  const entry = join(dir, "index.ts");
  const word = join(dir, "word.ts");
  writeFileSync(word, 'export const word = "one";\n');
  writeFileSync(entry, 'import { word } from "./word.ts";\nexport default { fetch: () => new Response(word) };\nexport class Rpc {}\n');
  const bundle = (await bundleWorkers([entry])).get(entry)!;
  expect(readFileSync(bundle, "utf8")).toContain('"one"');
  const builtAt = statSync(bundle).mtimeMs;
  await new Promise((r) => setTimeout(r, 20));
  await bundleWorkers([entry]);
  expect(statSync(bundle).mtimeMs).toBe(builtAt);

  writeFileSync(word, 'export const word = "two";\n');
  await bundleWorkers([entry]);
  expect(readFileSync(bundle, "utf8")).toContain('"two"');

  const rebuiltAt = statSync(bundle).mtimeMs;
  rmSync(`${bundle}.json`);
  await new Promise((r) => setTimeout(r, 20));
  await bundleWorkers([entry]);
  expect(statSync(bundle).mtimeMs).toBeGreaterThan(rebuiltAt);
}, 60_000);
