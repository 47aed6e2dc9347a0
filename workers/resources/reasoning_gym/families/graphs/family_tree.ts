// family_relationships' generator: a family of up to three generations (grandparents, parents
// with their siblings and spouses, children) and the word for how one member is related to another.
import type { Rng } from "../rng.ts";

export interface Person {
  name: string;
  female: boolean;
  spouse?: Person;
  parents: Person[];
  children: Person[];
}

/** A family of `size` members, built as the library builds its: paternal grandparents; maternal ones above 6; the parents (a lone father at 3); the father's brother and wife above 8, his sister and husband above 10; then children of the couples. */
export function buildFamily(rng: Rng, size: number, names: { male: readonly string[]; female: readonly string[] }): { members: Person[]; couples: [Person, Person][] } {
  const used = new Set<string>();
  const members: Person[] = [];
  const person = (female: boolean): Person | undefined => {
    const free = (female ? names.female : names.male).filter((n) => !used.has(n));
    if (free.length === 0) return undefined;
    const name = rng.choice(free);
    used.add(name);
    const p: Person = { name, female, parents: [], children: [] };
    members.push(p);
    return p;
  };
  const marry = (a: Person, b: Person) => ((a.spouse = b), (b.spouse = a));
  const parent = (child: Person, ...parents: Person[]) => {
    for (const p of parents) {
      p.children.push(child);
      child.parents.push(p);
    }
  };
  const couples: [Person, Person][] = [];
  const need = (p: Person | undefined) => {
    if (!p) throw new RangeError("male_names and female_names are too few for the family size");
    return p;
  };
  const [grandfather, grandmother] = [need(person(false)), need(person(true))];
  marry(grandfather, grandmother);
  let maternal: [Person, Person] | undefined;
  if (size > 6) {
    maternal = [need(person(false)), need(person(true))];
    marry(...maternal);
  }
  const father = need(person(false));
  parent(father, grandfather, grandmother);
  if (size > 3) {
    const mother = need(person(true));
    marry(father, mother);
    couples.push([father, mother]);
    if (maternal) parent(mother, ...maternal);
  }
  if (size > 8) {
    const [uncle, wife] = [need(person(false)), need(person(true))];
    marry(uncle, wife);
    parent(uncle, grandfather, grandmother);
    couples.push([uncle, wife]);
  }
  if (size > 10) {
    const [aunt, husband] = [need(person(true)), need(person(false))];
    marry(aunt, husband);
    parent(aunt, grandfather, grandmother);
    couples.push([aunt, husband]);
  }
  while (members.length < size && couples.length > 0) {
    const child = person(rng.chance(0.5));
    if (!child) break;
    parent(child, ...rng.choice(couples));
  }
  return { members, couples: [[grandfather, grandmother], ...(maternal ? [maternal] : []), ...couples] };
}

const sameSet = (a: readonly Person[], b: readonly Person[]) => a.length === b.length && a.every((p) => b.includes(p));
const grandparents = (p: Person) => p.parents.flatMap((q) => q.parents);
const siblings = (a: Person, b: Person) => a !== b && a.parents.length > 0 && sameSet(a.parents, b.parents);

/** The word for what `a` is to `b`, among the library's relationships; undefined for pairs none of them names (cousins, in-laws by siblings, ...). */
export function relation(a: Person, b: Person): string | undefined {
  const by = (female: string, male: string) => (a.female ? female : male);
  if (b.parents.includes(a)) return by("mother", "father");
  if (a.parents.includes(b)) return by("daughter", "son");
  if (a.spouse === b) return by("wife", "husband");
  if (siblings(a, b)) return by("sister", "brother");
  if (grandparents(b).includes(a)) return by("grandmother", "grandfather");
  if (b.parents.some((p) => siblings(a, p))) return by("aunt", "uncle");
  if (a.parents.some((p) => siblings(p, b))) return by("niece", "nephew");
  if (b.spouse?.parents.includes(a)) return by("mother-in-law", "father-in-law");
  return undefined;
}

/** Who is married to whom and their children, couple by couple. */
export function story(couples: readonly [Person, Person][]): string {
  return couples
    .map(([a, b]) => {
      const kids = a.children.filter((c) => b.children.includes(c)).map((c) => c.name);
      const list = kids.length > 1 ? `${kids.slice(0, -1).join(", ")} and ${kids.at(-1)}` : kids[0];
      return `${a.name} and ${b.name} are married.${list ? ` Their ${kids.length > 1 ? "children are" : "child is"} ${list}.` : ""}`;
    })
    .join(" ");
}
