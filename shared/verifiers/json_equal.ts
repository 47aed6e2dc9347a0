// Equality of JSON values as a verifier means it: objects by keys whatever their order, arrays in
// order, numbers by their exact value as Python compares them (2 equals 2.0, but 2^53 + 1 is not
// 2^53: the values are read exactly, shared/json/exact.ts). jsonEqual keeps booleans apart from
// numbers; pythonEqual is Python's ==, where True == 1 == 1.0.
import { pyNumber, pyNumbersEqual } from "../json/exact.ts";

export const jsonEqual = (a: unknown, b: unknown): boolean => equal(a, b, false);
export const pythonEqual = (a: unknown, b: unknown): boolean => equal(a, b, true);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function equal(a: unknown, b: unknown, boolsAreNumbers: boolean): boolean {
  // Two plain numbers are equal in Python exactly when they are here: no PyNumber to build.
  if (typeof a === "number" && typeof b === "number") return a === b;
  const number = (v: unknown) => (typeof v === "boolean" && !boolsAreNumbers ? undefined : pyNumber(v));
  const [x, y] = [number(a), number(b)];
  if (x || y) return x !== undefined && y !== undefined && pyNumbersEqual(x, y);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => equal(v, b[i], boolsAreNumbers));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k], boolsAreNumbers));
  }
  return a === b;
}
