// structured_outputs: replies in YAML, XML, TOML and CSV, parsed as the reference parses them
// (yaml.safe_load, xmltodict, tomllib, csv.DictReader) and validated against the row's JSON schema.
// Each case is [what, reply, 1 or the error_type it earns].
import { describe, expect, test, vi } from "vitest";
import server from "../../../../workers/resources/structured_outputs/index.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function verify(text: string, schema_type: string, schema: unknown, instanceConfig?: Record<string, unknown>) {
  const env = serverEnv("structured_outputs", instanceConfig ? { INSTANCE_CONFIG: instanceConfig } : {});
  const row = { responses_create_params: { input: [{ role: "user", content: "Answer in the format asked." }] }, schema_str: JSON.stringify(schema), schema_type };
  const res = await client(server, env).post("/verify", { ...row, response: { id: "r1", output: [message(text)] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { reward: number; error_type: string | null; error_message: string | null; schema_type: string };
}

type Case = [string, string, 1 | string];
const outcome = (body: { reward: number; error_type: string | null }) => (body.reward === 1 ? 1 : body.error_type);

const book = {
  type: "object",
  properties: { title: { type: "string" }, year: { type: "integer" }, price: { type: "number" }, in_print: { type: "boolean" }, tags: { type: "array", items: { type: "string" } } },
};
/** A schema that pins one value, to see what a scalar resolved to. */
const pinned = (v: unknown) => ({ type: "object", properties: { v: { const: v } } });

describe("structured_outputs: YAML, read as PyYAML's safe_load (YAML 1.1)", () => {
  const yamlBook = "title: Dune\nyear: 1965\nprice: 9.99\nin_print: true\ntags:\n  - sf\n  - desert\n";
  test.each<Case>([
    ["a block mapping", yamlBook, 1],
    ["a flow mapping", "{title: Dune, year: 1965, price: 9.99, in_print: yes, tags: [sf]}", 1],
    ["JSON, which is YAML", '{"title": "Dune", "year": 1965, "price": 9.99, "in_print": true, "tags": []}', 1],
    ["a ```yaml block after prose", `Here it is:\n\`\`\`yaml\n${yamlBook}\`\`\``, "parse_error"],
    ["a ```yml block", `\`\`\`yml\n${yamlBook}\`\`\`\nDone.`, "parse_error"],
    ["comments and quoted strings", `# the book\ntitle: "Dune"  # quoted\nyear: 1965\nprice: 9.99\nin_print: true\ntags: ['sf']\n`, 1],
    ["a duplicate key, the last winning", `year: first\n${yamlBook}`, 1],
    ["a bare scalar document", "Dune\n", "validation_error"],
    ["a syntax error", "title: [Dune\nyear: 1965\n", "parse_error"],
    ["two documents", `${yamlBook}---\n${yamlBook}`, "parse_error"],
    ["a tab-indented mapping", "tags:\n\t- sf\n", "parse_error"],
    ["a ```json block", '```json\n{"title": "Dune"}\n```', "parse_error"],
    ["a missing property (read strictly)", "title: Dune\nyear: 1965\nprice: 9.99\nin_print: true\n", "validation_error"],
    ["an extra property", `${yamlBook}isbn: x\n`, "validation_error"],
    ["a year that is a string", yamlBook.replace("1965", "'1965'"), "validation_error"],
    ["a timestamp where a string belongs", yamlBook.replace("Dune", "2024-01-15"), "validation_error"],
    ["a key that is not a string", `${yamlBook}1: one\n`, "validation_error"],
    ["binary data", yamlBook.replace("Dune", "!!binary aGk="), "validation_error"],
    ["an alias bomb (refused: bounded work)", `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${"*a, ".repeat(10)}*a]\nc: &c [${"*b, ".repeat(10)}*b]\nd: [${"*c, ".repeat(10)}*c]\n`, "parse_error"],
  ])("%s", async (_what, text, expected) => {
    expect(outcome(await verify(text, "yaml", book))).toBe(expected);
  });

  test("a merge key brings the anchored mapping's keys in", async () => {
    const merged = "defaults: &d {year: 1965, price: 9.99, in_print: true, tags: []}\n";
    const schema = { type: "object", properties: { defaults: { type: "object" }, book: book } };
    expect(outcome(await verify(`${merged}book:\n  <<: *d\n  title: Dune\n`, "yaml", schema))).toBe(1);
  });

  // Plain scalars resolve by PyYAML's patterns: some that YAML 1.2 (or the yaml package's own 1.1
  // schema) would read otherwise.
  test.each<[string, unknown]>([
    ["yes", true], ["Off", false], ["y", "y"], ["n", "n"], ["010", 8], ["09", "09"], ["0x1F", 31], ["0b101", 5],
    ["1_000", 1000], ["1:30", 90], ["1e3", "1e3"], ["1.0e3", "1.0e3"], ["1.5e+3", 1500], [".5", 0.5], ["~", null], ["'yes'", "yes"],
  ])("v: %s reads as %j", async (scalar, value) => {
    expect(outcome(await verify(`v: ${scalar}\n`, "yaml", pinned(value)))).toBe(1);
  });
});

describe("structured_outputs: XML, read into xmltodict's shape", () => {
  const schema = { type: "object", properties: { book: book } };
  const xmlBook = "<book><title>Dune</title><year>1965</year><price>9.99</price><in_print>true</in_print><tags><tag>sf</tag><tag>desert</tag></tags></book>";
  test.each<Case>([
    ["elements coerced to the schema's types", xmlBook, 1],
    ["an XML declaration, comments and indentation", `<?xml version="1.0" encoding="UTF-8"?>\n<!-- a book -->\n${xmlBook.replaceAll("><", ">\n  <")}`, 1],
    ["a ```xml block after prose", `Sure:\n\`\`\`xml\n${xmlBook}\n\`\`\``, "parse_error"],
    ["one item of a list, unwrapped", xmlBook.replace("<tag>desert</tag>", ""), 1],
    ["an empty list", xmlBook.replace(/<tags>.*<\/tags>/, "<tags/>"), 1],
    ["booleans as 1 and 0", xmlBook.replace("true", "1"), 1],
    ["integers with spaces, a sign and underscores", xmlBook.replace("1965", " +1_965 "), 1],
    ["a float in exponent form", xmlBook.replace("9.99", "9.99e0"), 1],
    ["entities and CDATA in text", xmlBook.replace("Dune", "Dune &amp; <![CDATA[<Messiah>]]>"), 1],
    ["an empty string element", xmlBook.replace("<title>Dune</title>", "<title/>"), 1],
    ["malformed XML", "<book><title>Dune</title><year>1965", "parse_error"],
    ["two root elements", `${xmlBook}${xmlBook}`, "parse_error"],
    ["prose before the root", `Here: ${xmlBook}`, "parse_error"],
    ["an undefined entity", xmlBook.replace("Dune", "Dune&nbsp;"), "parse_error"],
    ["a DTD declaring entities", `<!DOCTYPE book [<!ENTITY t "Dune">]>${xmlBook}`, "parse_error"],
    ["a wrong root element", xmlBook.replaceAll("book>", "novel>"), "validation_error"],
    ["an integer that does not convert", xmlBook.replace("1965", "1965.0"), "validation_error"],
    ["a boolean that does not convert", xmlBook.replace("true", "yes"), "validation_error"],
    ["an empty integer element", xmlBook.replace("<year>1965</year>", "<year/>"), "validation_error"],
    ["a missing element", xmlBook.replace("<price>9.99</price>", ""), "validation_error"],
    ["an attribute, which is an extra @ key", xmlBook.replace("<book>", '<book id="1">'), "validation_error"],
    ["an element with an attribute and text", xmlBook.replace("<title>", '<title lang="en">'), "validation_error"],
  ])("%s", async (_what, text, expected) => {
    expect(outcome(await verify(text, "xml", schema))).toBe(expected);
  });

  test("attributes are @ keys and text beside them #text, which a schema can name", async () => {
    const withAttrs = { type: "object", properties: { t: { type: "object", properties: { "@n": { type: "integer" }, "#text": { type: "string" } } } } };
    expect(outcome(await verify('<t n="3">hi</t>', "xml", withAttrs))).toBe(1);
  });

  test("xml_coerce_types: false validates the text as it is", async () => {
    expect(outcome(await verify(xmlBook, "xml", schema, { xml_coerce_types: false }))).toBe("validation_error");
    const allStrings = { type: "object", properties: { v: { type: "string" } } };
    expect(outcome(await verify("<v>12</v>", "xml", allStrings, { xml_coerce_types: false }))).toBe(1);
  });
});

describe("structured_outputs: TOML, read as tomllib reads it", () => {
  const tomlBook = 'title = "Dune"\nyear = 1965\nprice = 9.99\nin_print = true\ntags = ["sf", "desert"]\n';
  const nested = { type: "object", properties: { book: book } };
  test.each<Case>([
    ["key/value pairs", tomlBook, 1],
    ["a ```toml block after prose", `TOML:\n\`\`\`toml\n${tomlBook}\`\`\``, "parse_error"],
    ["literal strings and comments", `# a book\n${tomlBook.replace('"Dune"', "'Dune' # title")}`, 1],
    ["integers with underscores", tomlBook.replace("1965", "1_965"), 1],
    ["a hexadecimal integer", tomlBook.replace("1965", "0x7AD"), 1],
    ["an exponent float", tomlBook.replace("9.99", "999e-2"), 1],
    ["a multi-line array", tomlBook.replace('["sf", "desert"]', '[\n  "sf",\n  "desert",\n]'), 1],
    ["a multi-line string", tomlBook.replace('"Dune"', '"""\nDune"""'), 1],
    ["a redefined key", `${tomlBook}year = 1966\n`, "parse_error"],
    ["a bare string value", tomlBook.replace('"Dune"', "Dune"), "parse_error"],
    ["YAML instead of TOML", "title: Dune\n", "parse_error"],
    ["an inline table where a string belongs", tomlBook.replace('"Dune"', '{ name = "Dune" }'), "validation_error"],
    ["an unclosed array", tomlBook.replace('"desert"]', '"desert"'), "parse_error"],
    ["a missing key", tomlBook.replace("price = 9.99\n", ""), "validation_error"],
    ["an extra key", `${tomlBook}isbn = "x"\n`, "validation_error"],
    ["a float where an integer belongs", tomlBook.replace("1965", "1965.5"), "validation_error"],
    ["a string where a boolean belongs", tomlBook.replace("true", '"true"'), "validation_error"],
    ["a date where a string belongs", tomlBook.replace('"Dune"', "1965-08-01"), "validation_error"],
    ["nan where an integer belongs", tomlBook.replace("1965", "nan"), "validation_error"],
  ])("%s", async (_what, text, expected) => {
    expect(outcome(await verify(text, "toml", book))).toBe(expected);
  });

  test("a [table] and an inline table are nested objects; a table array is a list", async () => {
    expect(outcome(await verify(`[book]\n${tomlBook}`, "toml", nested))).toBe(1);
    expect(outcome(await verify(`book = {${tomlBook.trim().split("\n").join(", ")}}\n`, "toml", nested))).toBe(1);
    const shelf = { type: "object", properties: { books: { type: "array", items: book } } };
    expect(outcome(await verify(`[[books]]\n${tomlBook}\n[[books]]\n${tomlBook}`, "toml", shelf))).toBe(1);
  });

  test("an integer beyond 2^53 still parses, as a number", async () => {
    expect(outcome(await verify(tomlBook.replace("1965", "123456789012345678901"), "toml", book))).toBe(1);
  });
});

describe("structured_outputs: CSV, read as csv.DictReader reads it", () => {
  const schema = { type: "array", items: book };
  const flat = { type: "array", items: { type: "object", properties: { name: { type: "string" }, age: { type: "integer" }, score: { type: "number" }, active: { type: "boolean" } } } };
  const csv = "name,age,score,active\nAlice,30,95.5,true\nBob,25,88.0,false\n";
  test.each<Case>([
    ["a header and rows, coerced to the column types", csv, 1],
    ["CRLF line ends and blank lines", csv.replaceAll("\n", "\r\n").replace("\r\nBob", "\r\n\r\nBob"), 1],
    ["quoted fields with commas, doubled quotes and newlines", 'name,age,score,active\n"Smith, ""Al""\nJr",30,1,0\n', 1],
    // CSV parses as a whole whatever it holds, so fence lines are data, as in the reference.
    ["a ```csv block: the fence lines are rows", `\`\`\`csv\n${csv}\`\`\``, "validation_error"],
    ["booleans in any case, and 1/0", csv.replace("true", "TRUE").replace("false", "0"), 1],
    ["numbers with spaces, signs and underscores", csv.replace("30", " +3_0 ").replace("95.5", "1e1"), 1],
    ["a header only: no rows", "name,age,score,active\n", 1],
    ["a quote inside an unquoted field, kept", 'name,age,score,active\nAl"s,30,1,true\n', 1],
    ["text after a closing quote, joined", 'name,age,score,active\n"Al"ice,30,1,true\n', 1],
    ["a space before a quote, kept as text", 'name,age,score,active\nAlice, "30",1,true\n', "validation_error"],
    ["an unclosed quote, running to the end", 'name,age,score,active\n"Alice,30,1,true\n', "validation_error"],
    ["a bare carriage return inside a line", "name,age,score,active\nAlice,30,1,true\rBob,2,1,true\n", "parse_error"],
    ["a cell that is not an integer", csv.replace("30", "thirty"), "validation_error"],
    ["a float where an integer belongs", csv.replace("30", "30.0"), "validation_error"],
    ["a boolean that does not convert", csv.replace("true", "yes"), "validation_error"],
    ["an empty integer cell", csv.replace("30", ""), "validation_error"],
    ["a short row: missing cells are null", "name,age,score,active\nAlice,30\n", "validation_error"],
    ["a long row: cells past the header", "name,age,score,active\nAlice,30,1,true,extra\n", "validation_error"],
    ["a missing column", "name,age,score\nAlice,30,1\n", "validation_error"],
    ["an extra column", "name,age,score,active,bonus\nAlice,30,1,true,x\n", "validation_error"],
    ["a semicolon-separated file", "name;age;score;active\nAlice;30;1;true\n", "validation_error"],
  ])("%s", async (_what, text, expected) => {
    expect(outcome(await verify(text, "csv", flat))).toBe(expected);
  });

  test("an array column stays text, which an array schema rejects", async () => {
    expect(outcome(await verify("title,year,price,in_print,tags\nDune,1965,9.99,true,sf\n", "csv", schema))).toBe("validation_error");
  });

  test("a list of types: an empty cell is null when null is allowed, else the first type that converts", async () => {
    const nullable = { type: "array", items: { type: "object", properties: { name: { type: "string" }, age: { type: ["integer", "null"] } } } };
    expect(outcome(await verify("name,age\nAlice,\nBob,25\n", "csv", nullable))).toBe(1);
    const either = { type: "array", items: { type: "object", properties: { v: { type: ["integer", "string"] } } } };
    expect(outcome(await verify("v\n7\nseven\n", "csv", either))).toBe(1);
    const pinnedRows = { type: "array", prefixItems: [{ type: "object", properties: { v: { const: 7 } } }, { type: "object", properties: { v: { const: "seven" } } }] };
    expect(outcome(await verify("v\n7\nseven\n", "csv", { ...pinnedRows, items: either.items }))).toBe(1);
  });

  test("a field past Python's field size limit is a parse error", async () => {
    const big = `name,age,score,active\n${"x".repeat(140_000)},1,1,true\n`;
    expect(await verify(big, "csv", flat, { max_answer_chars: 200_000 })).toMatchObject({ reward: 0, error_type: "parse_error", error_message: expect.stringContaining("field larger than field limit") });
  });
});

describe("structured_outputs: every format", () => {
  test("the row's schema_type is echoed; an unknown one is a 400", async () => {
    expect(await verify("v: 1\n", "yaml", pinned(1))).toMatchObject({ reward: 1, schema_type: "yaml" });
    const res = await client(server, serverEnv("structured_outputs")).post("/verify", {
      responses_create_params: { input: [] }, schema_str: "{}", schema_type: "ini", response: { id: "r1", output: [message("a=1")] },
    });
    expect(res.status).toBe(400);
  });

  test("NaN in a JSON reply does not parse (RFC 8259 JSON)", async () => {
    expect(await verify('{"v": NaN}', "json", { type: "object", properties: { v: { type: "number" } } })).toMatchObject({ reward: 0, error_type: "parse_error" });
  });

  test("parse errors say what failed, prefixed with the error's name", async () => {
    const body = await verify("<a>", "xml", {});
    expect(body).toMatchObject({ reward: 0, error_type: "parse_error", error_message: expect.stringMatching(/^XmlError: /) });
  });

  test("every parser runs where code generation is forbidden", async () => {
    const workerdFunction = (function () {}).constructor as FunctionConstructor;
    vi.stubGlobal("Function", workerdFunction);
    try {
      expect(() => new Function("return 1")).toThrow(/Code generation/);
      expect(outcome(await verify("v: 1\n", "yaml", pinned(1)))).toBe(1);
      expect(outcome(await verify("<v>1</v>", "xml", { type: "object", properties: { v: { type: "integer" } } }))).toBe(1);
      expect(outcome(await verify("v = 1\n", "toml", pinned(1)))).toBe(1);
      expect(outcome(await verify("v\n1\n", "csv", { type: "array", items: { type: "object", properties: { v: { type: "integer" } } } }))).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
