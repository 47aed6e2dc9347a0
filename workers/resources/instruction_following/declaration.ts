// instruction_following: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { TaskFields } from "./task.ts";

/** The task fields of a row this server reads. */
export const Task = TaskFields;

export default resourcesServer({ task: Task, stateful: false });
