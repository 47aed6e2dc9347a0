// The cases of shared/json/exact.ts, run both in workerd (exact.test.ts: the Workers) and in Node
// (exact.node.test.ts: the collector), since each runtime's V8 must give JSON.rawJSON and the
// structured clone of BigInts and Number objects.
import { describe, expect, test } from "vitest";
import { asDouble, parseExact, pyNumber, pyNumbersEqual, safeParseExact } from "../../../shared/json/exact.ts";
import { z } from "../../../shared/zod.ts";

const BIG = "12345678901234567891";

export function exactCases(): void {
  describe("parseExact", () => {
    test("an integer a double cannot hold is a BigInt; a float with a whole value is a Number object; the rest are plain numbers", () => {
      const value = parseExact(`{"big": ${BIG}, "neg": -9007199254740993, "two": 2.0, "e": 1e5, "E": 1.5E1, "zero": -0.0, "inf": 1e999, "safe": 9007199254740991, "half": 0.5, "tiny": 1e-7, "huge": 1e300, "int": 7, "text": "2.0"}`) as Record<string, unknown>;
      expect(value.big).toBe(12345678901234567891n);
      expect(value.neg).toBe(-9007199254740993n);
      for (const key of ["two", "e", "E", "zero", "inf"]) expect(value[key], key).toBeInstanceOf(Number);
      expect([value.two, value.e, value.E, value.inf].map(Number)).toEqual([2, 100000, 15, Infinity]);
      expect(Object.is(Number(value.zero), -0)).toBe(true);
      expect([value.safe, value.half, value.tiny, value.huge, value.int, value.text]).toEqual([9007199254740991, 0.5, 1e-7, 1e300, 7, "2.0"]);
    });

    test("JSON.stringify writes them back as the same numbers", () => {
      const text = `{"a":${BIG},"b":[2.0,-0.0,1e999,0.5,3],"c":{"d":-${BIG}}}`;
      expect(JSON.stringify(parseExact(text))).toBe(text);
      expect(JSON.stringify(parseExact('{"e":1e5,"f":1E+2}'))).toBe('{"e":100000.0,"f":100.0}');
      // Plain numbers are untouched, and a plain 2 stays an int.
      expect(JSON.stringify(parseExact('[2, 2.5, 1e21, 1e-7]'))).toBe("[2,2.5,1e+21,1e-7]");
    });

    test("a top-level number, strings that look like numbers, escapes in keys and strings", () => {
      expect(parseExact("2.0")).toBeInstanceOf(Number);
      expect(parseExact(` ${BIG} `)).toBe(12345678901234567891n);
      expect(parseExact("3")).toBe(3);
      const value = parseExact('{"s": "1.0, \\"2.0\\" \\\\", "k\\"ey": [1.0, {"x\\u0079": 1e2}], "n": 4}') as Record<string, any>;
      expect(value.s).toBe('1.0, "2.0" \\');
      expect(value['k"ey'][0]).toBeInstanceOf(Number);
      expect(Number(value['k"ey'][1].xy)).toBe(100);
      expect(value.n).toBe(4);
    });

    test("a key given twice keeps its last value, however it is spelled", () => {
      expect(parseExact('{"a": 2.0, "a": 2}')).toEqual({ a: 2 });
      expect(parseExact(`{"a": ${BIG}, "\\u0061": 1}`)).toEqual({ a: 1 });
      expect(parseExact('{"a": [1.0, {"b": 2.0}], "c": 1, "a": 5}')).toEqual({ a: 5, c: 1 });
      expect((parseExact('{"a": 1, "a": 2.0}') as { a: unknown }).a).toBeInstanceOf(Number);
    });

    test("exact numbers at every depth are each set where they stand", () => {
      const depth = 2000;
      let value = parseExact(`${'{"a": 1.0, "b": ['.repeat(depth)}${BIG}${"]}".repeat(depth)}`) as any;
      for (let level = 0; level < depth; level++) {
        expect(value.a, `level ${level}`).toBeInstanceOf(Number);
        value = value.b[0];
      }
      expect(value).toBe(12345678901234567891n);
    });

    test("a __proto__ key stays the object's own field", () => {
      const value = parseExact('{"__proto__": 2.0}') as Record<string, unknown>;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.hasOwn(value, "__proto__")).toBe(true);
      expect(JSON.stringify(value)).toBe('{"__proto__":2.0}');
    });

    test("what JSON.parse refuses, parseExact refuses", () => {
      for (const text of ["", "{", "[1.0,]", "NaN", '{"a": 01}']) expect(() => parseExact(text), text).toThrow(SyntaxError);
    });

    test("exact numbers survive structured clone, as Workers RPC and Durable Objects pass values", () => {
      const cloned = structuredClone(parseExact(`{"a": ${BIG}, "b": [2.0]}`)) as { a: unknown; b: unknown[] };
      expect(cloned.a).toBe(12345678901234567891n);
      expect(cloned.b[0]).toBeInstanceOf(Number);
      expect(JSON.stringify(cloned)).toBe(`{"a":${BIG},"b":[2.0]}`);
    });
  });

  describe("numbers as Python reads them", () => {
    test("pyNumber: ints exact, floats typed by how the JSON wrote them, bools as ints", () => {
      expect(pyNumber(parseExact(BIG))).toEqual({ int: 12345678901234567891n });
      expect(pyNumber(parseExact("2.0"))).toEqual({ float: 2 });
      expect(pyNumber(2)).toEqual({ int: 2n });
      expect(pyNumber(2.5)).toEqual({ float: 2.5 });
      expect(pyNumber(1e21)).toEqual({ float: 1e21 });
      expect(pyNumber(true)).toEqual({ int: 1n });
      expect(pyNumber("2")).toBeUndefined();
      expect(asDouble(12345678901234567891n)).toBe(12345678901234567000);
      expect(asDouble(new Number(2))).toBe(2);
      expect(asDouble("2")).toBeUndefined();
    });

    test("pyNumbersEqual is Python's ==: exact, an int equals a float only when the float is exactly it", () => {
      const eq = (a: string, b: string) => pyNumbersEqual(pyNumber(parseExact(a))!, pyNumber(parseExact(b))!);
      expect(eq("2", "2.0")).toBe(true);
      expect(eq("9007199254740993", "9007199254740992")).toBe(false);
      expect(eq("9007199254740993", "9007199254740992.0")).toBe(false);
      expect(eq("9007199254740992", "9007199254740992.0")).toBe(true);
      expect(eq("-0.0", "0")).toBe(true);
      expect(eq("1e999", "1e999")).toBe(true);
      expect(eq(BIG, "1e999")).toBe(false);
      expect(eq("0.1", "0.1")).toBe(true);
    });
  });

  describe("safeParseExact", () => {
    const Schema = z.looseObject({ temperature: z.number(), choice: z.union([z.number(), z.string()]), list: z.array(z.object({ n: z.number() })), data: z.unknown() });

    test("a field the schema wants a number for gets the double; what it leaves unchecked stays exact", () => {
      const value = parseExact(`{"temperature": 1.0, "choice": 2.0, "list": [{"n": 3.0}, {"n": ${BIG}}], "data": [2.0, ${BIG}], "extra": 1.0}`);
      const parsed = safeParseExact(Schema, value);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toMatchObject({ temperature: 1, choice: 2, list: [{ n: 3 }, { n: 12345678901234567000 }] });
      expect(JSON.stringify(parsed.data)).toBe(`{"temperature":1,"choice":2,"list":[{"n":3},{"n":12345678901234567000}],"data":[2.0,${BIG}],"extra":1.0}`);
      // The value given is not changed: a caller may still write it out as it came.
      expect(JSON.stringify(value)).toContain('"temperature":1.0');
    });

    test("what the schema refuses for another reason is still refused, with its path", () => {
      const parsed = safeParseExact(Schema, parseExact('{"temperature": "hot", "choice": 2.0, "list": [{"n": true}], "data": 1}'));
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues.map((i) => i.path.join("."))).toEqual(["temperature", "list.0.n"]);
      expect(safeParseExact(z.object({ n: z.number().int() }), parseExact(`{"n": ${BIG}}`)).success).toBe(false);
    });
  });
}
