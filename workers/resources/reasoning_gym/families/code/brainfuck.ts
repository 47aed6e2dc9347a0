// A Brainf*ck interpreter (8-bit wrapping cells, a tape that grows to the right, no input), for
// checking the output of the programs bf's generator writes; bounded in steps.
export function runBf(program: string, maxSteps = 1_000_000): string {
  const jumps = new Int32Array(program.length);
  const open: number[] = [];
  for (let i = 0; i < program.length; i++) {
    if (program[i] === "[") open.push(i);
    else if (program[i] === "]") {
      const j = open.pop();
      if (j === undefined) throw new Error("unmatched ]");
      jumps[i] = j;
      jumps[j] = i;
    }
  }
  if (open.length > 0) throw new Error("unmatched [");
  const tape = [0];
  let at = 0;
  let out = "";
  let steps = 0;
  for (let pc = 0; pc < program.length; pc++) {
    if (++steps > maxSteps) throw new Error("program runs too long");
    switch (program[pc]) {
      case "+":
        tape[at] = (tape[at]! + 1) & 255;
        break;
      case "-":
        tape[at] = (tape[at]! + 255) & 255;
        break;
      case ">":
        if (++at === tape.length) tape.push(0);
        break;
      case "<":
        if (--at < 0) throw new Error("tape moved left of its start");
        break;
      case ".":
        out += String.fromCharCode(tape[at]!);
        break;
      case "[":
        if (tape[at] === 0) pc = jumps[pc]!;
        break;
      case "]":
        if (tape[at] !== 0) pc = jumps[pc]!;
        break;
    }
  }
  return out;
}
