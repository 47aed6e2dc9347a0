// The test Worker: it exports the SessionDO class so tests in workerd get a real SQLite-backed
// Durable Object namespace (SESSIONS) to hand to the server apps they exercise.
export { SessionDO } from "../../durable_objects/session_do.ts";

export default {
  fetch(): Response {
    return new Response("edge-gym test harness");
  },
};
