// Calls no environment claims: call the first tool offered with arguments made up from its JSON
// schema, then acknowledge its output; with no tools, a short text answer.
import { awaitingFirstReply, isObject, quote } from "./conversation.ts";
import { call, say, type Action, type Situation, type Skill } from "./types.ts";

/** A value that satisfies simple JSON schemas: enums, scalars, arrays, nested objects. */
function example(schema: unknown): unknown {
  if (!isObject(schema)) return "example";
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "null":
      return null;
    case "array":
      return [example(schema.items)];
    case "object":
      return exampleObject(schema);
    default:
      return "example";
  }
}

function exampleObject(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, example(property)]));
}

function play({ turns, tools }: Situation): Action {
  const tool = tools[0];
  if (tool !== undefined && awaitingFirstReply(turns)) return call({ name: tool.name, arguments: exampleObject(tool.parameters) });
  const last = turns.at(-1);
  if (last?.role === "tool") return say(`The tool returned: ${quote(last.content)}`);
  return say("I don't know.");
}

export const generic: Skill = { play };
