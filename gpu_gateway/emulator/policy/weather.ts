// get_weather(city): find the place in the user's message, look it up, then report the tool's answer.
// Wrong path: look up a different city, which the rest of the conversation then reports faithfully.
import { callRecords, isObject, lastUserText, parseJson, quote } from "./conversation.ts";
import { call, say, type Action, type Situation, type Skill } from "./types.ts";

const CITIES: Record<string, string[]> = {
  "San Francisco": ["sf", "san fran", "frisco"],
  "New York": ["nyc", "ny", "new york city", "manhattan"],
  "Los Angeles": ["la", "l.a."],
  "Washington": ["dc", "washington dc", "washington d.c."],
  Chicago: ["chi-town"],
  Seattle: [],
  Boston: [],
  Austin: [],
  Miami: [],
  Denver: [],
  London: [],
  Paris: [],
  Berlin: [],
  Tokyo: [],
  Sydney: [],
  Rome: [],
  Madrid: [],
  Toronto: [],
  Amsterdam: [],
  Singapore: [],
};
const CANONICAL = Object.keys(CITIES);

const byAlias = new Map<string, string>();
for (const [city, aliases] of Object.entries(CITIES)) {
  for (const alias of [city, ...aliases]) byAlias.set(alias.toLowerCase(), city);
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Longest alias first, so "new york city" wins over "new york" and "ny".
const KNOWN = new RegExp(
  `(?<![\\p{L}\\p{N}])(${[...byAlias.keys()].sort((a, b) => b.length - a.length).map(escape).join("|")})(?![\\p{L}\\p{N}])`,
  "iu",
);
// A place we have no alias for, named the usual way: "... in Reykjavik".
const NAMED = /\b(?:in|for|at)\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)*)/u;

function findCity(text: string): string | undefined {
  const known = KNOWN.exec(text)?.[1];
  if (known !== undefined) return byAlias.get(known.toLowerCase());
  return NAMED.exec(text)?.[1];
}

function otherCity(city: string): string {
  const index = CANONICAL.indexOf(city);
  return CANONICAL[(index + 1) % CANONICAL.length] as string;
}

const DESCRIPTION_FIELDS = ["weather_description", "description", "weather", "forecast", "conditions", "summary"];

function report(city: string, output: string): string {
  const parsed = parseJson(output);
  if (isObject(parsed)) {
    const field = DESCRIPTION_FIELDS.find((key) => typeof parsed[key] === "string");
    if (field !== undefined) return `Here is the weather in ${city}: ${parsed[field] as string}`;
    if (!("error" in parsed) && !("detail" in parsed)) return `Here is the weather in ${city}: ${JSON.stringify(parsed)}`;
  } else if (parsed !== undefined) {
    return `Here is the weather in ${city}: ${quote(output)}`;
  }
  return `Sorry, I could not get the weather for ${city}: ${quote(output)}`;
}

function play({ turns, correct }: Situation): Action {
  const lookup = callRecords(turns).findLast((record) => record.name === "get_weather");
  if (lookup === undefined) {
    const city = findCity(lastUserText(turns));
    if (city === undefined) return say("Which city would you like the weather for?");
    return call({ name: "get_weather", arguments: { city: correct ? city : otherCity(city) } });
  }
  const city = typeof lookup.arguments.city === "string" ? lookup.arguments.city : "that city";
  if (lookup.output === undefined) return say(`I could not get the weather for ${city}.`);
  return say(report(city, lookup.output));
}

export const weather: Skill = { play };
