import { describe, expect, test } from "vitest";
import { configOf } from "../../../scripts/collect/generate.ts";

describe("collect --generate: --config pairs", () => {
  test("values are read as JSON where they are, else kept as text", () => {
    expect(configOf(["min_animals=3", "shuffle=true", "weights=[1,2]", "name=hard", "note=a=b", "empty="])).toEqual({
      min_animals: 3,
      shuffle: true,
      weights: [1, 2],
      name: "hard",
      note: "a=b",
      empty: "",
    });
  });

  test("a pair without a key is an error naming it", () => {
    expect(() => configOf(["=3"])).toThrow('--config expects key=value, got "=3"');
    expect(() => configOf(["level"])).toThrow('--config expects key=value, got "level"');
  });
});
