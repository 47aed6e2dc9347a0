// graph_color: colour a graph's vertices from the allowed colours so that no edge joins two of the
// same colour. Any valid colouring, read as Python's json.loads reads the answer, scores 1.0; JSON
// that is not one, 0.01; anything else, 0. The colouring is looked up as the library does: a dict
// by the vertex or its string, a list by index when the vertex is one of its items.
import { defineFamily } from "../family.ts";
import type { Entry } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt, configNumber, configRange } from "../support/generator_config.ts";
import { fromJson, pyJsonLoads } from "../support/python_json.ts";
import { PyTuple, PyTypeError, pyEquals, pyStr, type PyValue } from "../support/python_value.ts";

class MissingColor extends Error {}

const hashable = (v: PyValue) => !Array.isArray(v) && !(v instanceof Map);

/** The library's get_color: the colour of `vertex`, MissingColor when none is found; other Python errors throw. */
function colorOf(coloring: PyValue, vertex: PyValue): PyValue {
  if (coloring instanceof Map) {
    if (typeof vertex === "string" && coloring.has(vertex)) return coloring.get(vertex)!;
    // An int's str() is looked up; a str that reads as an int would be looked up as an int, never a JSON key.
    if (typeof vertex === "bigint" && coloring.has(vertex.toString())) return coloring.get(vertex.toString())!;
    throw new MissingColor();
  }
  if (Array.isArray(coloring)) {
    const listIndex = (key: PyValue): PyValue => {
      if (typeof key !== "bigint" && typeof key !== "boolean") throw new PyTypeError("list indices must be integers or slices");
      const i = Number(key);
      if (i < -coloring.length || i >= coloring.length) throw new RangeError("list index out of range");
      return coloring[i < 0 ? i + coloring.length : i]!;
    };
    if (coloring.some((c) => pyEquals(c, vertex))) return listIndex(vertex);
    if (typeof vertex === "bigint" && coloring.some((c) => c === pyStr(vertex))) return listIndex(pyStr(vertex));
    throw new MissingColor();
  }
  throw new PyTypeError("argument is not iterable");
}

function valid(puzzle: Map<string, PyValue>, coloring: PyValue): boolean {
  const seq = (v: PyValue | undefined): PyValue[] => (Array.isArray(v) ? v : v instanceof PyTuple ? [...v.items] : []);
  const vertices = seq(puzzle.get("vertices"));
  const allowed = seq(puzzle.get("color_options"));
  const color = (vertex: PyValue): PyValue | undefined => {
    try {
      return colorOf(coloring, vertex);
    } catch (e) {
      if (e instanceof MissingColor) return undefined;
      throw e;
    }
  };
  if (vertices.some((v) => color(v) === undefined)) return false;
  for (const v of vertices) {
    const c = color(v)!;
    if (!hashable(c)) throw new PyTypeError("unhashable type");
    if (!allowed.some((a) => pyEquals(a, c))) return false;
  }
  for (const edge of seq(puzzle.get("edges"))) {
    const [u, v] = seq(edge);
    const cu = color(u!);
    const cv = color(v!);
    if (cu === undefined || cv === undefined || pyEquals(cu, cv)) return false;
  }
  return true;
}

function score(answer: string | null, entry: Entry): number {
  if (answer === null) return 0;
  const puzzle = fromJson(entry.metadata.puzzle);
  if (!(puzzle instanceof Map)) return 0;
  try {
    return valid(puzzle, pyJsonLoads(answer)) ? 1 : 0.01;
  } catch {
    return 0;
  }
}

/** Each vertex the first allowed colour no earlier neighbour has; undefined when some vertex has none left. */
function greedy(n: number, edges: readonly [number, number][], colors: readonly number[]): Record<string, number> | undefined {
  const colouring: number[] = [];
  for (let v = 0; v < n; v++) {
    const taken = new Set(edges.filter(([a, b]) => (a === v && b < v) || (b === v && a < v)).map(([a, b]) => colouring[a === v ? b : a]));
    const free = colors.find((c) => !taken.has(c));
    if (free === undefined) return undefined;
    colouring.push(free);
  }
  return Object.fromEntries(colouring.map((c, v) => [String(v), c]));
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const numColors = configInt(config, "num_colors", 3, 1, 1000);
  const [minV, maxV] = configRange(config, "num_vertices", [10, 10], [1, 1000]);
  const p = configNumber(config, "edge_probability", 0.1, 0, 1);
  if (p >= 1) throw new RangeError("edge_probability must be less than 1");
  const colors = Array.from({ length: numColors }, (_, i) => i + 1);
  // Draw graphs until the greedy colouring shows one colourable with these colours.
  for (let attempt = 0; attempt < 1000; attempt++) {
    const n = rng.int(minV, maxV);
    const edges: [number, number][] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (rng.chance(p)) edges.push([i, j]);
    const solution = greedy(n, edges, colors);
    if (!solution) continue;
    const vertices = Array.from({ length: n }, (_, i) => i);
    const edgeText = `[${edges.map(([a, b]) => `(${a}, ${b})`).join(", ")}]`;
    return {
      question: `Colour the vertices of this graph so that no edge joins two vertices of the same colour.\n\nVertices: [${vertices.join(", ")}]\nEdges: ${edgeText}\nColours: [${colors.join(", ")}]\n\nAnswer with a JSON object from each vertex to its colour, like {"0": 1, "1": 2, "2": 3}.`,
      answer: null,
      metadata: {
        source_dataset: "graph_color",
        source_index: index,
        possible_answer: solution,
        puzzle: { vertices, edges, num_colors: numColors, color_options: colors },
        num_vertices: n,
        difficulty: { num_vertices: [minV, maxV], num_colors: numColors },
      },
    };
  }
  throw new RangeError(`num_colors ${numColors} is too few for graphs with edge_probability ${p}`);
}

export default defineFamily({ name: "graph_color", category: "algorithmic", scorer: "validity", score, generate });
