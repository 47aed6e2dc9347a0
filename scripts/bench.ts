// `npm run bench [section ...]`: runs every benchmark section in scripts/bench/ (or the named
// ones), in name order. A section exports `run()` and prints one JSON line per measurement.
import { readdirSync } from "node:fs";
import { exitFlushed } from "./exit.ts";

const dir = new URL("./bench/", import.meta.url);
const all = readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => f.replace(/\.ts$/, "")).sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`bench: unknown section "${unknown[0]}" (sections: ${all.join(", ")})`);
  await exitFlushed(2);
}
for (const section of wanted.length ? wanted : all) {
  console.error(`bench: ${section}`);
  try {
    const module = (await import(new URL(`${section}.ts`, dir).href)) as { run(): Promise<void> };
    await module.run();
  } catch (err) {
    console.error(`bench: ${section} failed: ${(err as Error).message}`);
    await exitFlushed(1);
  }
}
