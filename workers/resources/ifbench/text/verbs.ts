// Whether a word is a verb form, standing in for NLTK's perceptron POS tagger on the first token
// of an answer (IFBench's `words:start_verb` passes when that token's tag contains "VB"). The
// tagger is a trained model and cannot be reproduced here; this is a closed list of common English
// verbs (base forms, plus their -s, -ed and -ing forms built by the usual spelling rules) and the
// forms of "be", "have" and "do". Modals (can, will, should) are tagged MD by NLTK and are not
// verbs here either. The tagger also reads context (it tags "Understand Galois..." as a proper
// noun); the list does not, so it can differ on a capitalised verb before a name. A word outside
// the list is not a verb, so an answer cannot pass by starting with an invented word.
const BASE = (
  "accept achieve act add address adjust admire adopt advance advise affect agree aim allow analyze announce answer " +
  "apply appreciate approach arrange ask assess assign assume attach attempt attend avoid bake balance be bear beat become " +
  "begin believe belong bend bind blend boil boost borrow break breathe bring browse build burn buy calculate call " +
  "capture carry catch celebrate change check choose clarify classify clean clear climb close collect combine come " +
  "compare compile complete compose compute conceive concentrate conclude conduct confirm connect consider construct " +
  "consult contact contain continue contribute control convert convince cook copy correct count craft create cross " +
  "cultivate cut deal decide declare define delete deliver demonstrate deny depend deploy describe design determine " +
  "develop die dig discover discuss dive divide do draft drag draw dream dress drink drive drop earn eat edit eliminate " +
  "embrace emerge employ enable encourage end engage enhance enjoy ensure enter establish estimate evaluate examine " +
  "exist expand expect experience explain explore express extend face fall feel fight fill find finish fit fix flip " +
  "float flow fly focus fold follow forget forgive form formulate gain gather generate get give go grab grant grow guess " +
  "guide handle hang happen have hear help hide highlight hire hit hold hope identify ignore illustrate imagine " +
  "implement import improve include increase indicate install integrate interpret introduce invest investigate invite " +
  "join judge jump keep kick kill know launch lay lead learn leave let lie lift light like limit link list listen live " +
  "locate look lose love maintain make manage map mark master match measure meet mention merge mix modify monitor move " +
  "name navigate need note notice observe obtain offer open operate order organize outline own paint participate pass " +
  "pay perform pick picture place plan plant play plot point pour practice predict prefer prepare present preserve " +
  "press prevent print prioritize proceed process produce promote protect prove provide publish pull purchase push put " +
  "raise reach read realize recall receive recognize recommend record reduce reflect refuse regard relax release " +
  "remain remember remove repeat replace reply report represent request require research reset resolve respond rest " +
  "restore retrieve return reveal review revise ride rise run save say scan search see seek select sell send separate " +
  "serve set settle shake shape share shift show shut sign simplify sing sit sketch skip sleep slice slide solve sort " +
  "speak spend split spread stand start state stay step stick stop store strengthen stretch strike structure study " +
  "submit succeed suggest summarize supply support suppose surround swim switch take talk taste teach tell test thank " +
  "think throw tie track train transform translate travel treat trust try turn type understand unlock update upload " +
  "use validate verify visit visualize wait wake walk want warm wash watch wear welcome whirr win wish withdraw wonder " +
  "work worry wrap write"
).split(" ");
const IRREGULAR =
  "am is are was were been being has had having does did done doing went gone made said saw seen took taken gave given " +
  "got gotten knew known thought found told became began begun brought built bought caught chose chosen came drew drawn " +
  "drove driven ate eaten fell felt fought flew forgot forgiven grew grown held hid kept laid led left lent lost meant " +
  "met paid ran rang rose sold sent set shook shown sang sat slept spoke spoken spent stood stuck struck swam taught " +
  "tore thrown threw understood woke wore won wrote written";

const VOWEL = /[aeiou]/;

/** The -s, -ed and -ing forms of a regular verb. */
function inflections(base: string): string[] {
  const stem = base.endsWith("e") && base !== "be" ? base.slice(0, -1) : base;
  const y = /[^aeiou]y$/.test(base) ? base.slice(0, -1) : undefined;
  const doubled = /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base) && VOWEL.test(base) ? base + base.at(-1) : base;
  return [
    /(s|sh|ch|x|z|o)$/.test(base) ? `${base}es` : y ? `${y}ies` : `${base}s`,
    base.endsWith("e") ? `${base}d` : y ? `${y}ied` : `${doubled}ed`,
    base.endsWith("ie") ? `${base.slice(0, -2)}ying` : `${base.endsWith("ee") ? base : doubled === base ? stem : doubled}ing`,
  ];
}

const VERBS: ReadonlySet<string> = new Set([...BASE, ...BASE.flatMap(inflections), ...IRREGULAR.split(" ")]);

export const isVerb = (word: string): boolean => VERBS.has(word.toLowerCase());
