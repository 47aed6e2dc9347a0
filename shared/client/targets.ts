// How a Worker finds the instances its config references: one service binding per referenced
// instance, named after it (`example_single_tool_call` -> `EXAMPLE_SINGLE_TOOL_CALL`), to its
// Rpc entrypoint (server/entrypoint.ts).
import type { ServerRef } from "../schemas/config.ts";
import { HttpError } from "../server/errors.ts";
import type { FetcherLike, Target } from "./call.ts";

export function bindingName(instance: string): string {
  return instance.toUpperCase().replace(/[^A-Z0-9]/g, "_");
}

export function targetFor(env: object, ref: ServerRef): Target {
  const binding = bindingName(ref.name);
  const fetcher = (env as Record<string, unknown>)[binding] as FetcherLike | undefined;
  if (!fetcher || typeof fetcher.fetch !== "function") {
    throw new HttpError(500, "misconfigured", `no service binding ${binding} for ${ref.type} instance "${ref.name}"`);
  }
  // Every instance a config can reference is a resources or model server, and answers over RPC.
  return { name: ref.name, fetcher, rpc: true };
}
