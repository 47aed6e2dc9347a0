// `edge-gym status`: ask the head which servers exist, then ask each server whether it is alive.
import { bearer, serverInstances } from "../collect/head.ts";
import { HEAD_URL_DEFAULT, UsageError, parseCommand } from "./args.ts";

export const help = "status [--head-url URL] [--auth-token T]   show the running servers and whether each answers";

async function probe(url: string, headers: Record<string, string> = {}): Promise<{ ok: boolean; detail: string }> {
  const began = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
    return { ok: response.ok, detail: `${response.status} in ${(performance.now() - began).toFixed(0)} ms` };
  } catch (err) {
    return { ok: false, detail: (err as Error).message };
  }
}

export async function status(argv: string[]): Promise<number> {
  const { values, overrides } = parseCommand(argv, help, { "head-url": { type: "string" }, "auth-token": { type: "string" } });
  if (overrides.length) throw new UsageError(`status takes no overrides: ${overrides[0]}`);
  const headUrl = values["head-url"] ?? HEAD_URL_DEFAULT;
  const token = values["auth-token"] ?? process.env.EDGE_GYM_TOKEN;
  const instances = await serverInstances(headUrl, token);
  const head = await probe(headUrl);
  console.log(`${head.ok ? "up  " : "DOWN"} head${" ".repeat(59)}${headUrl} (${head.detail})`);
  let down = head.ok ? 0 : 1;
  for (const instance of instances) {
    // Deployed, internal instances have no address: only Workers holding their binding reach them.
    if (instance.url === undefined) {
      console.log(`int  ${instance.server_type.padEnd(21)} ${instance.name.padEnd(40)} internal: binding ${instance.binding} to Worker ${instance.worker}`);
      continue;
    }
    const result = await probe(instance.url);
    if (!result.ok) down++;
    console.log(`${result.ok ? "up  " : "DOWN"} ${instance.server_type.padEnd(21)} ${instance.name.padEnd(40)} ${instance.url} (${result.detail})`);
  }
  return down ? 1 : 0;
}
