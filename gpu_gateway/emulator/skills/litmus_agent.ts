// litmus_agent: questions about a molecule given as SMILES (its own line in the prompt), answered
// in the wrapper the prompt asks for (double parentheses, \boxed{}, <final_answer>, **Answer:**).
// The skill works the answer out from the SMILES (policy/smiles.ts): heavy atoms, molecular
// weight, aliphatic hydroxyls, Lipinski's rule (its counts; logP is taken as within bounds for a
// small molecule), and a few functional groups. Wrong path: a count off by one, a weight off by
// one, the opposite verdict, a neighbouring group. A question or wrapper it does not know, or a
// SMILES it cannot read, is declined.
import { lastUserText } from "../policy/conversation.ts";
import { readSmiles, molecularWeight, type Atom } from "../policy/smiles.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

type Answer = { value: string; wrong: string };

const heteroWithH = (atoms: Atom[]) => atoms.filter((a) => (a.element === "N" || a.element === "O") && a.hydrogens > 0).length;
const hetero = (atoms: Atom[]) => atoms.filter((a) => a.element === "N" || a.element === "O").length;
const doubleBondedO = (atoms: Atom[], at: Atom) => at.bonds.some(([n, order]) => order === 2 && atoms[n]!.element === "O");

/** -OH on a non-aromatic carbon that is not a carbonyl carbon (an alcohol, not an acid). */
const aliphaticHydroxyls = (atoms: Atom[]) =>
  atoms.filter((a) => {
    if (a.element !== "O" || a.hydrogens !== 1 || a.bonds.length !== 1) return false;
    const carbon = atoms[a.bonds[0]![0]]!;
    return carbon.element === "C" && !carbon.aromatic && !doubleBondedO(atoms, carbon);
  }).length;

function functionalGroup(atoms: Atom[]): string | null {
  const carbonyls = atoms.filter((a) => a.element === "C" && doubleBondedO(atoms, a));
  for (const c of carbonyls) {
    const neighbours = c.bonds.map(([n]) => atoms[n]!);
    if (neighbours.some((n) => n.element === "O" && n.hydrogens === 1)) return "carboxylic acid";
    if (neighbours.some((n) => n.element === "N")) return "amide";
    if (neighbours.some((n) => n.element === "O" && n.hydrogens === 0 && n.bonds.length === 2)) return "ester";
    return c.hydrogens > 0 ? "aldehyde" : "ketone";
  }
  if (aliphaticHydroxyls(atoms) > 0) return "hydroxyl";
  if (atoms.some((a) => a.element === "N" && !a.aromatic)) return "amine";
  return null;
}

const NEIGHBOUR_GROUP: Record<string, string> = { "carboxylic acid": "ester", ester: "carboxylic acid", amide: "amine", aldehyde: "ketone", ketone: "aldehyde", hydroxyl: "ether", amine: "amide" };
const count = (n: number): Answer => ({ value: String(n), wrong: String(n + 1) });

function answer(question: string, atoms: Atom[]): Answer | null {
  if (/heavy \(non-hydrogen\) atoms|heavy atoms/i.test(question)) return count(atoms.length);
  if (/aliphatic hydroxyl/i.test(question)) return count(aliphaticHydroxyls(atoms));
  if (/molecular weight/i.test(question)) {
    const mw = molecularWeight(atoms);
    return mw === null ? null : { value: mw.toFixed(2), wrong: (mw + 1).toFixed(2) };
  }
  if (/Lipinski/i.test(question)) {
    const mw = molecularWeight(atoms);
    if (mw === null) return null;
    const passes = mw <= 500 && heteroWithH(atoms) <= 5 && hetero(atoms) <= 10;
    return passes ? { value: "yes", wrong: "no" } : { value: "no", wrong: "yes" };
  }
  if (/functional group/i.test(question)) {
    const group = functionalGroup(atoms);
    return group === null ? null : { value: group, wrong: NEIGHBOUR_GROUP[group]! };
  }
  return null;
}

function wrap(question: string, value: string): string | null {
  if (/double parentheses/i.test(question)) return `((${value}))`;
  if (question.includes("\\boxed")) return `\\boxed{${value}}`;
  if (question.includes("<final_answer>")) return `<final_answer>${value}</final_answer>`;
  if (question.includes("**Answer:")) return `**Answer: ${value}**`;
  return null;
}

/** The SMILES: a line of the prompt that is one token of SMILES characters. */
function smilesLine(question: string): string | null {
  for (const line of question.split("\n")) {
    const token = line.trim();
    if (token.length > 0 && token.length <= 200 && /^[A-Za-z0-9@+\-=#()[\]/\\%.:]+$/.test(token) && /[A-Z]/.test(token) && readSmiles(token)) return token;
  }
  return null;
}

function play({ turns, correct }: Situation): Action {
  const question = lastUserText(turns);
  const smiles = smilesLine(question);
  const atoms = smiles === null ? null : readSmiles(smiles);
  const found = atoms === null ? null : answer(question, atoms);
  const value = found === null ? null : correct ? found.value : found.wrong;
  const wrapped = value === null ? null : wrap(question, value);
  if (wrapped === null) return decline("I cannot work this molecule question out.");
  return say(`Reading the SMILES ${smiles}, I worked it out.\n\n${wrapped}`);
}

export default { play } satisfies Skill;
