// `edge-gym status`: ask the head which servers exist, then ask each server whether it is alive.
import { serverInstances } from "../collect/head.ts";
import { HEAD_URL_DEFAULT, UsageError, parseCommand } from "./args.ts";

export const help = "status [--head-url URL]   show the running servers and whether each answers";

async function probe(url: string): Promise<{ ok: boolean; detail: string }> {
  const began = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { ok: response.ok, detail: `${response.status} in ${(performance.now() - began).toFixed(0)} ms` };
  } catch (err) {
    return { ok: false, detail: (err as Error).message };
  }
}

export async function status(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, { "head-url": { type: "string" } });
  if (overrides.length) throw new UsageError(`status takes no overrides: ${overrides[0]}`);
  const headUrl = values["head-url"] ?? HEAD_URL_DEFAULT;
  const instances = await serverInstances(headUrl);
  const head = await probe(headUrl);
  console.log(`${head.ok ? "up  " : "DOWN"} head${" ".repeat(59)}${headUrl} (${head.detail})`);
  let down = head.ok ? 0 : 1;
  for (const instance of instances) {
    const result = await probe(instance.url);
    if (!result.ok) down++;
    console.log(`${result.ok ? "up  " : "DOWN"} ${instance.server_type.padEnd(21)} ${instance.name.padEnd(40)} ${instance.url} (${result.detail})`);
  }
  return down ? 1 : 0;
}
