import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { IMPLEMENTATIONS } from "./scripts/plan/registry.ts";

// Every Durable Object binding an implementation declares, with its class: test/workers/harness.ts
// exports each class, so a server under test gets the same real SQLite-backed namespaces it has deployed.
const durableObjects = Object.fromEntries(
  IMPLEMENTATIONS.flatMap((i) => Object.entries(i.declaration.durableObjects)).map(([binding, className]) => [binding, { className, useSQLite: true }]),
);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          include: ["test/node/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            main: "./test/workers/harness.ts",
            miniflare: {
              compatibilityDate: "2026-08-01",
              compatibilityFlags: ["nodejs_compat", "enable_request_signal"],
              durableObjects,
              kvNamespaces: ["CONFIG"],
              bindings: { SESSION_SECRET: "workers-test-secret" },
              // The real Rate Limiting binding (Miniflare emulates it), for the bearer auth tests.
              ratelimits: { RATE_LIMITER: { namespace_id: "1001", simple: { limit: 3, period: 60 } } },
            },
          }),
        ],
        test: {
          name: "workers",
          include: ["test/workers/**/*.test.ts"],
        },
      },
    ],
  },
});
