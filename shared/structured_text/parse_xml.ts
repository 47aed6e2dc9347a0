// XML read into the shape the reference's xmltodict gives: `{root: content}`, where an element
// with neither attributes nor children is its text (null when empty), attributes are "@name" keys
// beside child elements, an element's own text beside them is "#text", and repeated siblings
// become a list. Text is stripped; comments, processing instructions and the XML declaration are
// dropped; namespace prefixes stay part of names. A DTD that declares entities is refused, as the
// reference refuses it ("entities are disabled"): no entity is ever expanded.
import { XmlElement, XmlText, parseXml } from "@rgrove/parse-xml";

type XmlObject = Record<string, unknown>;

/** Adds a value under a key the way xmltodict does: a second value turns the entry into a list. */
function push(target: XmlObject, key: string, value: unknown): void {
  if (!Object.hasOwn(target, key)) {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  const existing = target[key];
  if (Array.isArray(existing)) existing.push(value);
  else target[key] = [existing, value];
}

function content(element: XmlElement): unknown {
  let item: XmlObject | null = null;
  const texts: string[] = [];
  for (const [name, value] of Object.entries(element.attributes)) push((item ??= {}), `@${name}`, value);
  for (const child of element.children) {
    if (child instanceof XmlElement) push((item ??= {}), child.name, content(child));
    else if (child instanceof XmlText) texts.push(child.text);
  }
  const text = texts.join("").trim() || null;
  if (item === null) return text;
  if (text !== null) push(item, "#text", text);
  return item;
}

export function parseXmlAnswer(text: string): unknown {
  const doc = parseXml(text, { preserveDocumentType: true });
  for (const node of doc.children) {
    if ("internalSubset" in node && typeof node.internalSubset === "string" && node.internalSubset.includes("<!ENTITY")) {
      throw new Error("entities are disabled");
    }
  }
  const root = doc.root;
  if (!root) throw new Error("no element found");
  const out: XmlObject = {};
  push(out, root.name, content(root));
  return out;
}
