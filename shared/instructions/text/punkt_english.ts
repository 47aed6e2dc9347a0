// Facts from the English model of NLTK's Punkt sentence splitter (the model IFEval counts
// sentences with), as data: the abbreviations it learned and the words it learned start
// sentences. Punkt knows only these abbreviations, so "e.g.", "etc.", "approx." or "Fig." end a
// sentence there and here, and "Mr.", "St.", "Inc.", "U.S.", "a.m." do not.
export const ABBREVIATIONS: ReadonlySet<string> = new Set(
  ("a.a a.c a.d a.g a.h a.m a.m.e a.s a.t adm ala ariz aug ave b.f b.v bros c c.i.t c.o.m.b c.v calif chg cie co col " +
    "colo conn corp cos ct d d.c d.h d.w dec dr e e.f e.h e.l e.m f f.g f.j feb fla fri ft g g.d g.f g.k ga gen h h.c " +
    "h.f h.m i.m.s ill inc j.b j.c j.j j.k j.p j.r jan jr k kan ky l l.a l.f l.p lt ltd m m.b.a m.d.c m.j maj messrs mg " +
    "mich minn mr mrs ms n n.c n.d n.h n.j n.m n.v n.y nev nov oct ok okla ore p p.a.m p.m pa ph.d prof r r.a r.h r.i " +
    "r.j r.k r.t rep reps s s.a s.a.y s.c s.g s.p.a s.s sen sep sept sr st sw t t.j tenn tues u.k u.n u.s u.s.a " +
    "u.s.s.r v va vs vt w w.c w.r w.va w.w wash wed wis yr").split(" "),
);

/** A capitalised one of these after an abbreviation, an initial or "..." starts a new sentence. */
export const SENTENCE_STARTERS: ReadonlySet<string> = new Set(
  ("according although among both but despite even he however i if in indeed instead it many meanwhile moreover " +
    "most nevertheless nonetheless nor sales separately she similarly since so some the there these they this though " +
    "thus under when while yet").split(" "),
);
