// Service discovery through the head server (GET /server_instances).
import { call, jsonOf } from "../../shared/client/call.ts";

export interface InstanceInfo {
  name: string;
  server_type: string;
  implementation: string;
  url: string;
  domain?: string;
}

export async function serverInstances(headUrl: string): Promise<InstanceInfo[]> {
  const hop = `head ${headUrl}/server_instances`;
  try {
    return jsonOf(await call({ name: "head", url: headUrl }, "/server_instances", { method: "GET", deadlineMs: 10_000, attempts: 2 }), hop) as InstanceInfo[];
  } catch (err) {
    throw new Error(`cannot reach the head server at ${headUrl} (${(err as Error).message}); is a stack running? Start one with: npx edge-gym start`);
  }
}
