// The head: public, with no instance config of its own; it reads what it publishes from KV.
import { declare } from "../../shared/declaration.ts";
import { z } from "../../shared/zod.ts";

export default declare({
  kind: "head",
  config: z.object({}),
  durableObjects: {},
  kv: ["CONFIG"],
  public: true,
  signsSessions: false,
  references: [],
});
