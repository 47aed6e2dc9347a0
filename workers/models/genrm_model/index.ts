// genrm_model: vllm_model for pairwise generative reward models, whose chat template knows the
// roles response_1, response_2 and principle (roles.ts).
import { vllmServer } from "../../../shared/models/vllm/server.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { GenrmModelConfig } from "./config.ts";
import { genrmRoles, metadataMessages } from "./roles.ts";

const server = vllmServer({ config: GenrmModelConfig, templateRoles: genrmRoles, metadataMessages });

export default server;
export const Rpc = rpcEntrypoint(server);
