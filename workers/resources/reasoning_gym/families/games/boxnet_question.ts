// The boxnet generator's question: the rules, the answer format and every square's contents.
import { pyFloatRepr } from "../../../../../shared/verifiers/python_float_repr.ts";

const RULES = `A grid of squares, each with one agent, holds coloured boxes and coloured targets. Squares are named by their centres, square[row, column] (square[0.5, 0.5] is the first). An agent acts only on its own square: it can move a box there to a neighbouring square (up, down, left or right), or onto a target of the box's colour in the same square, which puts both away. Plan steps that put every box on its target in as few steps as you can.

Answer with a JSON list of steps. Each step is an object giving each agent that acts in it (at most one action per agent) its action: the key is "Agent[row, column]", the value "move(box_<colour>, square[row, column])" or "move(box_<colour>, target_<colour>)". For example:
[{"Agent[0.5, 0.5]": "move(box_red, square[0.5, 1.5])"}, {"Agent[0.5, 1.5]": "move(box_red, target_red)"}]`;

/** The question for a grid of rows x cols squares holding `state` (items by "row_column" square name). */
export function boxnetQuestion(rows: number, cols: number, state: Record<string, string[]>): string {
  const lines: string[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const items = state[`${pyFloatRepr(r + 0.5)}_${pyFloatRepr(c + 0.5)}`]!;
      lines.push(`square[${pyFloatRepr(r + 0.5)}, ${pyFloatRepr(c + 0.5)}]: ${items.length > 0 ? items.join(", ") : "empty"}`);
    }
  return `${RULES}\n\nThe squares now hold:\n${lines.join("\n")}\n`;
}
