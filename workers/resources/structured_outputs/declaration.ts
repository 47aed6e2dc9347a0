// structured_outputs: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

export const StructuredOutputsConfig = ResourcesServerConfig.safeExtend({
  max_answer_chars: z.number().int().positive().default(65_536),
  /** As the reference's option: XML text is converted to the schema's number, integer and boolean types. */
  xml_coerce_types: z.boolean().default(true),
});

export default resourcesServer({ config: StructuredOutputsConfig, stateful: false });
