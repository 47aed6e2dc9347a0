// Well-formed text: every string and object key of a parsed body must be valid Unicode. JSON's
// \ud800-style escapes can make lone UTF-16 surrogates, which no UTF-8 encoder can send on, so a
// body carrying one breaks downstream (it hung rollouts); it is refused where it enters instead.
import { formatPath } from "./errors.ts";
import type { Issue } from "./errors.ts";

const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATES = /\p{Surrogate}/gu;

interface Node {
  value: unknown;
  key?: PropertyKey;
  parent?: Node;
}

const holdsText = (value: unknown) => typeof value === "string" || (typeof value === "object" && value !== null);

function pathOf(node: Node | undefined): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let n = node; n?.key !== undefined; n = n.parent) path.unshift(n.key);
  return path;
}

/** The first string or object key (in document order) that is not well-formed Unicode, as an issue; undefined when all are. */
export function illFormedText(value: unknown): Issue | undefined {
  // A stack with parent links, not recursion and not a path per node: linear in the body's size.
  const stack: Node[] = [{ value }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { key, value: v } = node;
    // A key goes into the path with its surrogates replaced, so the answer itself stays well-formed.
    if (typeof key === "string" && LONE_SURROGATE.test(key)) {
      return { path: formatPath([...pathOf(node.parent), key.replace(LONE_SURROGATES, "\uFFFD")]), message: "object key is not well-formed Unicode (it has a lone UTF-16 surrogate, shown as U+FFFD)" };
    }
    if (typeof v === "string") {
      if (LONE_SURROGATE.test(v)) return { path: formatPath(pathOf(node)), message: "text is not well-formed Unicode (it has a lone UTF-16 surrogate)" };
    } else if (Array.isArray(v)) {
      // Numbers and the like hold no text: token id arrays of a million numbers cost no nodes.
      for (let i = v.length - 1; i >= 0; i--) if (holdsText(v[i])) stack.push({ value: v[i], key: i, parent: node });
    } else if (typeof v === "object" && v !== null) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ key: entries[i]![0], value: entries[i]![1], parent: node });
    }
  }
  return undefined;
}
