// verifif: a community announcement in the row's language whose system prompt names, in « »
// quotes, the phrase to start with, the closing phrase, the exact last line and a sentence to
// include word for word. The right reply has them all around a body of some eighty words; the
// wrong one leaves the last line out. Prompts without that layout are declined. Its judge answers
// verifif's three kinds of call from their system prompt: a yes/no question ([[YES]] or [[NO]] on
// the last line), a judged instruction (a JSON verdict) and an argument's definition (JSON, PASS):
// yes when the graded reply is a full announcement (sixty words or more), the opposite on the
// wrong path.
import { systemText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

/** A body per language that uses none of the example rows' forbidden words. */
const BODIES: readonly { starts: RegExp; body: string }[] = [
  {
    starts: /^Début/,
    body: "Venez célébrer le printemps avec vos voisins de tous les âges. Les enfants, les parents et les aînés partageront des jeux, des chants et des repas. Nous invitons surtout les bénévoles seniors à guider les ateliers de jardinage et de cuisine. Leur sagesse aide chaque génération à grandir ensemble. Inscrivez-vous, apportez vos idées et rejoignez notre équipe accueillante au parc Riverside Community Park le Saturday, April 12, 2025.",
  },
  {
    starts: /^Inicio/,
    body: "Ven a celebrar la primavera con tus vecinos de todas las edades. Niños, padres y mayores compartirán juegos, canciones y comidas. Invitamos sobre todo a los voluntarios mayores a guiar los talleres de jardinería y de cocina. Su sabiduría ayuda a cada generación a crecer unida. Inscríbete, trae tus ideas y únete a nuestro equipo acogedor en Riverside Community Park el Saturday, April 12, 2025.",
  },
  {
    starts: /^Inizio/,
    body: "Vieni a festeggiare la primavera con i vicini di tutte le età. Bambini, genitori e anziani condivideranno giochi, canti e pranzi. Invitiamo soprattutto i volontari senior a guidare i laboratori di giardinaggio e di cucina. La loro saggezza aiuta ogni generazione a crescere insieme. Iscriviti, porta le tue idee e unisciti alla nostra squadra accogliente al Riverside Community Park il Saturday, April 12, 2025.",
  },
  {
    starts: /^Start/,
    body: "Feiert den Frühling mit euren Nachbarn aller Altersgruppen. Kinder, Eltern und Senioren teilen Spiele, Lieder und Essen. Wir laden besonders Senior-Freiwillige ein, die Garten- und Kochwerkstätten zu leiten. Ihre Erfahrung hilft jeder Generation, gemeinsam zu wachsen. Meldet euch an, bringt eure Ideen mit und verstärkt unser herzliches Team im Riverside Community Park am Saturday, April 12, 2025.",
  },
  {
    starts: /^Início/,
    body: "Venha celebrar a primavera com vizinhos de todas as idades. Crianças, pais e idosos vão partilhar jogos, canções e refeições. Convidamos principalmente os voluntários seniores a conduzir as oficinas de jardinagem e de culinária. A sabedoria deles ajuda cada geração a crescer unida. Inscreva-se, traga suas ideias e junte-se à nossa equipe acolhedora no Riverside Community Park no Saturday, April 12, 2025.",
  },
];

/** The « »-quoted phrases of the system prompt: start, closing, last line, the sentence to include. */
const quoted = (text: string): string[] => [...text.matchAll(/«\s?([^«»]{1,300}?)\s?»/g)].map((m) => m[1]!.trim());

function play({ turns, correct }: Situation): Action {
  const [start, closing, lastLine, include] = quoted(systemText(turns));
  const body = start ? BODIES.find((b) => b.starts.test(start)) : undefined;
  if (!start || !closing || !lastLine || !include || !body) return decline("I'm not sure how to write that announcement.");
  const draft = `${start} : ${body.body} ${include}. ${closing}.`;
  return say(correct ? `${draft}\n${lastLine}` : draft);
}

/** The graded reply inside a judge prompt: after "The response:", or between <RESPONSE> tags. */
function gradedReply(system: string): string {
  const tagged = /<RESPONSE>\n([\s\S]*?)\n<\/RESPONSE>/.exec(system);
  if (tagged) return tagged[1]!;
  const at = system.indexOf("The response:\n");
  return at === -1 ? "" : system.slice(at + "The response:\n".length);
}

const wordCount = (text: string): number => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

function judgePlay({ turns, correct }: Situation): Action {
  const system = systemText(turns);
  if (system.includes("one-sentence definition")) return say(JSON.stringify({ definition: "the quality the instruction names", status: "PASS" }));
  const truth = wordCount(gradedReply(system)) >= 60;
  const yes = correct ? truth : !truth;
  if (system.includes("<RESPONSE>")) return say(JSON.stringify({ verdict: yes ? "YES" : "NO", reasoning: yes ? "The response follows the instruction." : "The response does not follow the instruction." }));
  return say(`${yes ? "The response meets the criterion." : "The response falls short of the criterion."}\n${yes ? "[[YES]]" : "[[NO]]"}`);
}

export default { play, judge: { play: judgePlay } } satisfies Skill;
