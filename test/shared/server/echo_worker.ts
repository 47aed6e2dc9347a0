// A Worker on the server base with one route echoing its JSON body: what wire.node.test.ts runs in
// real workerd to send it raw HTTP.
import { createServerApp } from "../../../shared/server/app.ts";
import type { BaseBindings } from "../../../shared/server/app.ts";
import { readJson } from "../../../shared/server/body.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const app = createServerApp<BaseBindings>();
app.post("/echo", async (c) => c.json({ echoed: await readJson(c) }));

export default app;
export const Rpc = rpcEntrypoint(app);
