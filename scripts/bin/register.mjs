// `node --import <this>`: the hooks of strip_types.mjs, in this process and (through NODE_OPTIONS)
// every Node process it starts.
import { register } from "node:module";

register("./strip_types.mjs", import.meta.url);
