// Session cookies are bound to their deployment (SPEC "Sessions"): a cookie from another
// deployment or environment of the same project is treated as absent, even where both share a
// SESSION_SECRET and a SessionDO namespace, as these servers do here; within one deployment a
// cookie keeps working across Worker isolates and app instances.
import { describe, expect, test } from "vitest";
import { cookieScope, newSessionId, signSession, verifySession } from "../../../shared/session/cookie.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { counter } from "../../workerd/counter_server.ts";

const row = { responses_create_params: { input: "count" }, start: 10 };
const production = serverEnv("counter", { DEPLOYMENT_ID: "edge-gym" });

describe("session cookies per deployment", () => {
  test("a cookie from another environment or deployment gets a fresh session and never reaches existing state", async () => {
    const owner = client(counter, production);
    await owner.post("/seed_session", row);
    expect((await owner.post("/bump", { by: 1 })).body).toEqual({ n: 11 });
    const cookie = owner.jar.header()!;

    for (const deployment of ["edge-gym-preview", "other-project", undefined]) {
      const res = await client(counter, serverEnv("counter", { DEPLOYMENT_ID: deployment })).send("/bump", { by: 1 }, { headers: { cookie } });
      // A fresh session, never seeded: nothing to bump.
      expect(res.status, String(deployment)).toBe(400);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe("session_not_seeded");
      const fresh = res.headers.getSetCookie()[0]!;
      expect(fresh).toMatch(/^session=[0-9a-f]{32}\./);
      expect(fresh.split(";")[0]).not.toBe(cookie);
    }
    // The owner's state is untouched by all of that.
    expect((await owner.post("/bump", { by: 0 })).body).toEqual({ n: 11 });
  });

  test("a cookie from the same deployment works on another instance of its Worker", async () => {
    const owner = client(counter, production);
    await owner.post("/seed_session", row);
    const cookie = owner.jar.header()!;
    const res = await client(counter, serverEnv("counter", { DEPLOYMENT_ID: "edge-gym" })).send("/bump", { by: 5 }, { headers: { cookie } });
    expect(await res.json()).toEqual({ n: 15 });
    // A valid cookie is kept, not reissued.
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  test("the signature covers deployment and instance", async () => {
    const id = newSessionId();
    const value = await signSession("secret", cookieScope("counter", "edge-gym"), id);
    expect(await verifySession("secret", cookieScope("counter", "edge-gym"), value)).toBe(id);
    expect(await verifySession("secret", cookieScope("counter", "edge-gym-preview"), value)).toBeNull();
    expect(await verifySession("secret", cookieScope("counter", undefined), value)).toBeNull();
    expect(await verifySession("secret", cookieScope("other", "edge-gym"), value)).toBeNull();
    expect(await verifySession("other-secret", cookieScope("counter", "edge-gym"), value)).toBeNull();
  });
});
