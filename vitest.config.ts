import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import type { Plugin } from "vitest/config";
import { IMPLEMENTATIONS } from "./scripts/plan/registry.ts";

// Tests mirror the code. Those of Worker code run in workerd, but for the ones named *.node.test.ts
// (they start a real stack from Node, or need Node); the rest (scripts/, the emulator) run in Node.
const WORKERD_TESTS = ["test/{workers,shared,durable_objects,gpu_gateway/worker}/**/*.test.ts"];
const NODE_TESTS = ["test/*.test.ts", "test/node/**/*.test.ts", "test/scripts/**/*.test.ts", "test/gpu_gateway/emulator/**/*.test.ts", "test/**/*.node.test.ts"];

// Every Durable Object binding an implementation declares, with its class: test/workerd/harness.ts
// exports each class, so a server under test gets the same real SQLite-backed namespaces it has deployed.
const durableObjects = Object.fromEntries(
  IMPLEMENTATIONS.flatMap((i) => Object.entries(i.declaration.durableObjects)).map(([binding, className]) => [binding, { className, useSQLite: true }]),
);

// Worker code imports data files as text (`import seed from "./db.sql" with { type: "text" }`, and
// the head uPlot's browser build), which esbuild (the local stack) and wrangler (deploy) bundle as
// strings; Vite needs telling.
const TEXT_MODULES = /\.(sql|py)$|[\\/]uplot[\\/]dist[\\/]uPlot\.(iife\.min\.js|min\.css)$/;
const textModules: Plugin = {
  name: "text-modules",
  enforce: "pre",
  load: (id) => (TEXT_MODULES.test(id) ? `export default ${JSON.stringify(readFileSync(id, "utf8"))};` : undefined),
};

export default defineConfig({
  test: {
    // Vitest's default on this 2-core class of machine is one file at a time, but most node tests
    // wait on a stack's processes rather than compute: two at once halves the suite's wall time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "node",
          include: NODE_TESTS,
          environment: "node",
          globalSetup: ["./test/node/tmp_root.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [
          textModules,
          cloudflareTest({
            main: "./test/workerd/harness.ts",
            miniflare: {
              compatibilityDate: "2026-08-01",
              compatibilityFlags: ["nodejs_compat", "enable_request_signal"],
              durableObjects: { ...durableObjects, EPISODE_SESSIONS: { className: "EpisodeSessionDO", useSQLite: true } },
              kvNamespaces: ["CONFIG"],
              // END_RELEASED_SESSIONS: as the local stack runs SessionDO.
              bindings: { SESSION_SECRET: "workers-test-secret", END_RELEASED_SESSIONS: "1" },
              // The real Rate Limiting binding (Miniflare emulates it), for the bearer auth tests.
              ratelimits: { RATE_LIMITER: { namespace_id: "1001", simple: { limit: 3, period: 60 } } },
            },
          }),
        ],
        test: {
          name: "workers",
          include: WORKERD_TESTS,
          exclude: ["**/node_modules/**", ...NODE_TESTS],
          // One workerd per file costs ~1 s of start-up each (80 files: 4m34s for this project on
          // this machine, 45 s shared). Test files share no state they rely on: each builds its own
          // env and names its own sessions and objects.
          isolate: false,
          // Two cores shared by every test file at once: a test that takes 1 s alone can take 5 under
          // load; a hang still fails, at 30 s.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
