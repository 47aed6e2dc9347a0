// A local stand-in process (here the vLLM emulator) gets a socket the launcher bound first: its
// address is known at once, and a request sent before the process has loaded waits and is served.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, test } from "vitest";
import { spawnEmulator, startEmulator } from "../../../scripts/stack/local_process.ts";

describe("local stand-in processes", () => {
  test("the address is known before the process is ready; what it is sent meanwhile is served once it is", async () => {
    const emulator = await startEmulator();
    try {
      expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      let ready = false;
      void emulator.ready.then(() => (ready = true));
      const early = fetch(`${emulator.url}/v1/models`);
      expect(ready).toBe(false);
      const response = await early;
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
      await emulator.ready;
    } finally {
      await emulator.stop();
    }
  });

  test("given --port, the process binds that port itself, as before", async () => {
    const probe = createServer();
    const port = await new Promise<number>((resolve) => probe.listen(0, "127.0.0.1", () => resolve((probe.address() as AddressInfo).port)));
    await new Promise((resolve) => probe.close(resolve));
    const emulator = await spawnEmulator(["--port", String(port)]);
    try {
      expect(emulator.url).toBe(`http://127.0.0.1:${port}`);
      expect((await fetch(`${emulator.url}/v1/models`)).status).toBe(200);
    } finally {
      await emulator.stop();
    }
  });
});
