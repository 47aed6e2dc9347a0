// Workers forbid code generation inside handlers, and zod 4 probes `new Function` on its first
// parse unless told not to. Every module imports zod from here so the switch is always on.
import { z } from "zod";

z.config({ jitless: true });

export { z };
