// Graph-walk tasks (OpenAI graphwalks, and lc_niah's long-context copies): read the edges ("a -> b"
// or "a -> b, c" lines) and the last operation (the parents of a node, or a BFS to an exact depth)
// after any worked example, and answer with "Final Answer: [..]". Wrong path: the walk stops one
// level short (the node's children instead of its parents, or depth - 1).
import { decline, say, type Action } from "./types.ts";

const ARROW = " -> ";
const END_OF_EXAMPLE = "<end example>";
const PARENTS = /parents of node (\S+?)\.?(?:\s|$)/g;
const BFS = /BFS from node (\S+) .{0,80}?depth (\d+)/g;

function edges(text: string): [string, string][] {
  const list: [string, string][] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replaceAll("`", "").replace(/^- /, "").trim();
    const at = line.indexOf(ARROW);
    if (at <= 0) continue;
    for (const target of line.slice(at + ARROW.length).split(",")) if (target.trim()) list.push([line.slice(0, at).trim(), target.trim()]);
  }
  return list;
}

function atDepth(graph: [string, string][], start: string, depth: number): string[] {
  let frontier = new Set([start]);
  const seen = new Set([start]);
  for (let level = 0; level < depth; level++) {
    const next = new Set<string>();
    for (const [from, to] of graph) if (frontier.has(from) && !seen.has(to)) next.add(to);
    next.forEach((node) => seen.add(node));
    frontier = next;
  }
  return depth > 0 ? [...frontier] : [];
}

export function walkGraph(prompt: string, correct: boolean): Action {
  const example = prompt.lastIndexOf(END_OF_EXAMPLE);
  const task = example < 0 ? prompt : prompt.slice(example + END_OF_EXAMPLE.length);
  const graph = edges(task);
  const parents = [...task.matchAll(PARENTS)].at(-1);
  const bfs = [...task.matchAll(BFS)].at(-1);
  if (graph.length === 0 || (!parents && !bfs)) return decline("I cannot find the graph or the operation.");
  let nodes: string[];
  if (parents && (!bfs || parents.index > bfs.index)) {
    const node = parents[1]!;
    nodes = correct ? graph.filter(([, to]) => to === node).map(([from]) => from) : graph.filter(([from]) => from === node).map(([, to]) => to);
  } else {
    const depth = Number(bfs![2]);
    nodes = atDepth(graph, bfs![1]!, correct ? depth : depth - 1);
  }
  return say(`Walking the ${graph.length} edges gives these node(s).\n\nFinal Answer: [${[...new Set(nodes)].join(", ")}]`);
}
