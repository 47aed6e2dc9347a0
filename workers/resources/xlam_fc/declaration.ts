// xlam_fc: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

export default resourcesServer({ config: ResourcesServerConfig, stateful: false });
