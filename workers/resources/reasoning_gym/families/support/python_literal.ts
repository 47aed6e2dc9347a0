// eval() of a Python literal as tagged values (python_eval_literal.ts reads it, never running code),
// for families that eval a model's answer and then switch on the Python type of what they got.
import { pyLiteralEval } from "./python_eval_literal.ts";
import { PyTuple, pyRepr, type PyValue } from "./python_value.ts";

export type PyLiteral =
  | { type: "str"; value: string }
  | { type: "int"; value: bigint }
  | { type: "float"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "none" }
  | { type: "list"; items: PyLiteral[] }
  | { type: "tuple"; items: PyLiteral[] };

function tagged(v: PyValue): PyLiteral {
  if (v === null) return { type: "none" };
  if (typeof v === "string") return { type: "str", value: v };
  if (typeof v === "bigint") return { type: "int", value: v };
  if (typeof v === "number") return { type: "float", value: v };
  if (typeof v === "boolean") return { type: "bool", value: v };
  if (Array.isArray(v)) return { type: "list", items: v.map(tagged) };
  if (v instanceof PyTuple) return { type: "tuple", items: v.items.map(tagged) };
  throw new TypeError("a dict is not read as a literal");
}

function untagged(v: PyLiteral): PyValue {
  switch (v.type) {
    case "none":
      return null;
    case "list":
      return v.items.map(untagged);
    case "tuple":
      return new PyTuple(v.items.map(untagged));
    default:
      return v.value;
  }
}

/** eval(text) for a Python literal; throws where eval would raise or where the text is not a literal. */
export const evalPythonLiteral = (text: string): PyLiteral => tagged(pyLiteralEval(text));

/** What `for x in v` yields: a list's or tuple's items, a str's characters; throws for the rest. */
export function pyIterate(v: PyLiteral): PyLiteral[] {
  if (v.type === "list" || v.type === "tuple") return v.items;
  if (v.type === "str") return Array.from(v.value, (ch) => ({ type: "str", value: ch }));
  throw new TypeError(`'${v.type}' object is not iterable`);
}

/** str(v). */
export const pyStr = (v: PyLiteral): string | undefined => (v.type === "str" ? v.value : pyRepr(untagged(v)));
