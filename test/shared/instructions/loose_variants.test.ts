// IFEval's loose variants (shared by instruction_following and ifbench): the answer, then without
// its first line, last line or both (stripped), each also without "*"; blank and repeated ones left out.
import { describe, expect, test } from "vitest";
import { looseVariants } from "../../../shared/instructions/loose_variants.ts";

describe("looseVariants", () => {
  test("the answer comes first; header and sign-off lines dropped; emphasis removed", () => {
    expect(looseVariants("# Title\n**Body** text\nThanks!")).toEqual([
      "# Title\n**Body** text\nThanks!",
      "# Title\nBody text\nThanks!",
      "**Body** text\nThanks!",
      "Body text\nThanks!",
      "# Title\n**Body** text",
      "# Title\nBody text",
      "**Body** text",
      "Body text",
    ]);
  });

  test("blank and repeated variants are left out", () => {
    expect(looseVariants("one line")).toEqual(["one line"]);
    expect(looseVariants("a\n\nb")).toEqual(["a\n\nb", "b", "a"]);
    expect(looseVariants("***")).toEqual(["***"]);
    expect(looseVariants("")).toEqual([]);
  });
});
