// A Worker whose one answer is a zod error message: what build.test.ts bundles and runs.
import { z } from "../../../shared/zod.ts";

export default {
  fetch(): Response {
    return Response.json({ message: z.string().safeParse(1).error?.issues[0]?.message, locales: Object.keys(z.locales) });
  },
};
