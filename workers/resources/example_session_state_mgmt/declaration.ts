// example_session_state_mgmt: a resources server that keeps session state in its own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

export default resourcesServer({ config: ResourcesServerConfig, stateful: true });
