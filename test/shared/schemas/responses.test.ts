import { expect, test } from "vitest";
import { Item } from "../../../shared/schemas/responses.ts";

test("a message without type is normalised to type message", () => {
  expect(Item.parse({ role: "user", content: "hi" })).toEqual({ type: "message", role: "user", content: "hi" });
});
