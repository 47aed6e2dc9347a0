// The import rules of the layout (README "Architecture"): shared <- durable_objects <- Workers <-
// scripts, Workers never import each other, and inside scripts/ the core never imports the
// command layer. `npm test` runs this check (test/dependencies.test.ts).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: "no-cycles", severity: "error", comment: "a cycle makes two modules one", from: {}, to: { circular: true } },
    {
      name: "shared-imports-only-shared",
      severity: "error",
      comment: "shared/ is the library every Worker uses: it depends on nothing of ours outside itself",
      from: { path: "^shared/" },
      to: { path: "^(durable_objects|workers|gpu_gateway|scripts|test)/" },
    },
    {
      name: "durable-objects-import-only-shared",
      severity: "error",
      from: { path: "^durable_objects/" },
      to: { path: "^(workers|gpu_gateway|scripts|test)/" },
    },
    {
      name: "workers-never-import-scripts-or-tests",
      severity: "error",
      from: { path: "^(workers|gpu_gateway)/" },
      to: { path: "^(scripts|test)/" },
    },
    {
      name: "workers-never-import-each-other",
      severity: "error",
      comment: "one implementation folder never reaches into another's: what two share lives in shared/",
      from: { path: "^(workers/(agents|resources|models|sandboxes)/[^/]+|workers/head|gpu_gateway/worker|gpu_gateway/emulator)/" },
      to: {
        path: "^(workers/(agents|resources|models|sandboxes)/[^/]+|workers/head|gpu_gateway/worker|gpu_gateway/emulator)/",
        pathNot: "^$1/",
      },
    },
    {
      name: "script-core-never-imports-the-command-layer",
      severity: "error",
      comment: "scripts/cli parses arguments and prints; everything else in scripts/ is the core under it",
      from: { path: "^scripts/", pathNot: "^scripts/(cli/|edge-gym\\.ts$)" },
      to: { path: "^scripts/(cli/|edge-gym\\.ts$)" },
    },
    {
      name: "stack-and-deploy-are-independent",
      severity: "error",
      comment: "both build on scripts/plan: the local stack and the deploy never import each other",
      from: { path: "^scripts/(stack|deploy)/" },
      to: { path: "^scripts/(stack|deploy)/", pathNot: "^scripts/$1/" },
    },
    {
      name: "nothing-imports-scripts-but-scripts-and-tests",
      severity: "error",
      from: { pathNot: "^(scripts|test)/|^vitest\\.config\\.ts$" },
      to: { path: "^scripts/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.edge-gym|dist)/" },
    // swc parses TypeScript, type-only imports included (dependency-cruiser cannot use TypeScript 7 yet).
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".mjs"] },
  },
};
