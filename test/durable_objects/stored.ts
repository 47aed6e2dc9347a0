// What a Durable Object stores, as a test sees it from inside: its tables (the platform's `_cf_*`
// ones aside) and its alarm. An object that has released everything shows NOTHING.
import { runInDurableObject } from "cloudflare:test";

export const NOTHING = { tables: [], alarm: null };

export function storedIn(stub: DurableObjectStub): Promise<{ tables: string[]; alarm: number | null }> {
  return runInDurableObject(stub, async (_instance, state) => ({
    tables: state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name")
      .toArray()
      .map((r) => r.name),
    alarm: await state.storage.getAlarm(),
  }));
}
