// A Worker whose one answer is a zod error message: what test/scripts/plan/build.test.ts bundles and runs.
import { rpcEntrypoint } from "../../shared/server/entrypoint.ts";
import { z } from "../../shared/zod.ts";

const app = {
  fetch(): Response {
    return Response.json({ message: z.string().safeParse(1).error?.issues[0]?.message, locales: Object.keys(z.locales) });
  },
};

export default app;
export const Rpc = rpcEntrypoint(app);
