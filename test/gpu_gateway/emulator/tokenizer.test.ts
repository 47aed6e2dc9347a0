// The emulator's tokenizer: gpt-tokenizer's own encoder is the reference it must agree with, on
// the bundled datasets and on text built to stress the merge order; and a pre-token a megabyte long
// (quadratic in the library's merge: minutes) is tokenized in one pass.
import { readFileSync, readdirSync } from "node:fs";
import { encode as referenceEncode } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, test } from "vitest";
import { EOS_TOKEN_ID, decode, encode } from "../../../gpu_gateway/emulator/tokenizer.ts";

const AS_TEXT = { disallowedSpecial: new Set<string>() };
const reference = (text: string) => referenceEncode(text, AS_TEXT);

const RESOURCES = new URL("../../../workers/resources/", import.meta.url);
const datasetLines = readdirSync(RESOURCES).flatMap((name) => {
  const file = new URL(`${name}/data/example.jsonl`, RESOURCES);
  try {
    return readFileSync(file, "utf8").trim().split("\n");
  } catch {
    return [];
  }
});

/** Every string in a JSON value. */
const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : typeof value === "object" && value !== null ? Object.values(value).flatMap(strings) : [];

// Runs and alternations make many equal-ranked pairs, where only leftmost-first merging agrees.
const stress = [
  ...Array.from({ length: 64 }, (_, n) => "x".repeat(n + 1)),
  ..."aAz9 !中😀é\u0301\t\n".split("").map((c) => c.repeat(257)),
  "ab".repeat(300),
  "aab".repeat(200),
  "Hello, World! HTTPServer getHTTPResponseCode 3.14159 1,000,000 don't WE'LL",
  "日本語のテキストと emoji 👍🏽👨‍👩‍👧 and Ünïcödé",
  "    indented\n\n\n\ttabs\r\n  trailing   ",
  "<|endofprompt|> <|fim_prefix|> look like special tokens but are text",
];

describe("tokenizer", () => {
  test("agrees with gpt-tokenizer's encoder on every string of the bundled datasets", () => {
    expect(datasetLines.length).toBeGreaterThan(10);
    const corpus = datasetLines.flatMap((line) => [line, ...strings(JSON.parse(line))]);
    const differing = corpus.filter((text) => JSON.stringify(encode(text)) !== JSON.stringify(reference(text)));
    expect(differing).toEqual([]);
  });

  test("agrees with it on runs and alternations, whose pairs tie", () => {
    for (const text of stress) expect(encode(text), JSON.stringify(text.slice(0, 20))).toEqual(reference(text));
  });

  test("ChatML special tokens in the text are single tokens; the text around them is ordinary", () => {
    const ids = encode("<|im_start|>user\nhi<|im_end|>");
    expect(ids.at(-1)).toBe(EOS_TOKEN_ID);
    expect(ids.slice(1, -1)).toEqual(reference("user\nhi"));
    expect(decode(ids)).toBe("<|im_start|>user\nhi<|im_end|>");
  });

  test("a megabyte without a space is tokenized: 8 x's a token, decoding back to the input", () => {
    const text = "x".repeat(1 << 20);
    const ids = encode(text);
    expect(ids.length).toBe((1 << 20) / 8);
    expect(new Set(ids).size).toBe(1);
    expect(decode(ids.slice(0, 1))).toBe("xxxxxxxx");
    expect(decode(ids)).toBe(text);
  });
});
