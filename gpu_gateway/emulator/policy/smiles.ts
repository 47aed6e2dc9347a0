// A small SMILES reader for emulator skills that answer questions about molecules: the organic
// subset (B C N O P S F Cl Br I, aromatic b c n o p s), bracket atoms with their hydrogens, bonds
// (- = # :), branches and ring closures (digits, %nn). Implicit hydrogens fill the atom's lowest
// normal valence, aromatic atoms counting one bond for the ring. Enough for the textbook molecules
// of the example rows; a string it cannot read is null.

export interface Atom {
  element: string;
  aromatic: boolean;
  /** Hydrogens: explicit in a bracket atom, else implicit. */
  hydrogens: number;
  /** Neighbours as [atom index, bond order]. */
  bonds: Array<[number, number]>;
}

const VALENCES: Record<string, number[]> = { B: [3], C: [4], N: [3, 5], O: [2], P: [3, 5], S: [2, 4, 6], F: [1], Cl: [1], Br: [1], I: [1] };
export const MASSES: Record<string, number> = { H: 1.008, B: 10.81, C: 12.011, N: 14.007, O: 15.999, P: 30.974, S: 32.06, F: 18.998, Cl: 35.45, Br: 79.904, I: 126.904 };
const ORGANIC = /^(Cl|Br|[BCNOPSFI]|[bcnops])/;
const BRACKET = /^\[(\d*)([A-Z][a-z]?|[bcnops])(@*)(H\d*)?([+-]\d*)?\]/;
const BOND_ORDER: Record<string, number> = { "-": 1, "=": 2, "#": 3, ":": 1.5 };

export function readSmiles(smiles: string): Atom[] | null {
  const atoms: Atom[] = [];
  const explicitH = new Set<number>();
  const stack: number[] = [];
  const rings = new Map<string, [number, number | undefined]>();
  let previous: number | undefined;
  let bond: number | undefined;
  let i = 0;
  const link = (a: number, b: number, order: number) => {
    atoms[a]!.bonds.push([b, order]);
    atoms[b]!.bonds.push([a, order]);
  };
  const add = (element: string, hydrogens: number | null) => {
    const aromatic = element === element.toLowerCase();
    const index = atoms.push({ element: aromatic ? element.toUpperCase() : element, aromatic, hydrogens: hydrogens ?? 0, bonds: [] }) - 1;
    if (hydrogens !== null) explicitH.add(index);
    if (previous !== undefined) link(previous, index, bond ?? (aromatic && atoms[previous]!.aromatic ? 1.5 : 1));
    previous = index;
    bond = undefined;
  };
  while (i < smiles.length) {
    const rest = smiles.slice(i, i + 16);
    const ch = smiles[i]!;
    const bracket = ch === "[" ? BRACKET.exec(smiles.slice(i, smiles.indexOf("]", i) + 1)) : null;
    const organic = ORGANIC.exec(rest);
    if (bracket) {
      add(bracket[2]!, bracket[4] ? Number(bracket[4].slice(1) || 1) : 0);
      i += bracket[0].length;
    } else if (organic) {
      add(organic[1]!, null);
      i += organic[1]!.length;
    } else if (ch in BOND_ORDER) {
      bond = BOND_ORDER[ch];
      i++;
    } else if (ch === "(") {
      if (previous === undefined) return null;
      stack.push(previous);
      i++;
    } else if (ch === ")") {
      previous = stack.pop();
      if (previous === undefined) return null;
      i++;
    } else if (/[0-9%]/.test(ch)) {
      const label = ch === "%" ? smiles.slice(i, i + 3) : ch;
      if (previous === undefined) return null;
      const open = rings.get(label);
      if (open) {
        const [at, order] = open;
        link(at, previous, bond ?? order ?? (atoms[at]!.aromatic && atoms[previous]!.aromatic ? 1.5 : 1));
        rings.delete(label);
      } else rings.set(label, [previous, bond]);
      bond = undefined;
      i += label.length;
    } else if (ch === "/" || ch === "\\" || ch === ".") {
      if (ch === ".") previous = undefined;
      i++;
    } else return null;
  }
  if (rings.size > 0 || stack.length > 0 || atoms.length === 0) return null;
  atoms.forEach((atom, index) => {
    if (explicitH.has(index)) return;
    const valences = VALENCES[atom.element];
    if (!valences) return;
    const used = atom.bonds.reduce((sum, [, order]) => sum + order, 0);
    const target = valences.find((v) => v >= Math.round(used)) ?? used;
    atom.hydrogens = Math.max(0, target - (atom.aromatic ? Math.ceil(used) : used));
  });
  return atoms;
}

export function molecularWeight(atoms: Atom[]): number | null {
  let total = 0;
  for (const atom of atoms) {
    const mass = MASSES[atom.element];
    if (mass === undefined) return null;
    total += mass + atom.hydrogens * MASSES.H!;
  }
  return total;
}
