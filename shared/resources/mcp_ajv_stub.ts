// Stands in for the MCP SDK's Ajv validator in Worker bundles (scripts/plan/build.ts): the SDK
// imports it statically although our server always passes its own validator (Ajv compiles with
// `new Function`, which Workers forbid), and it is about 140 KB of every resources Worker.
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error("Ajv is not bundled in Workers: pass a jsonSchemaValidator (CfWorkerJsonSchemaValidator)");
  }
}
