// The reference's language codes and the rules each one's module follows.
import { ENGLISH } from "./english.ts";
import type { Lang } from "./lang.ts";
import { FRENCH } from "./langs/french.ts";
import { GERMAN } from "./langs/german.ts";
import { PORTUGUESE, SPANISH } from "./langs/iberian.ts";
import { ITALIAN } from "./langs/italian.ts";
import { KOREAN } from "./langs/korean.ts";
import { HINDI } from "./langs/hindi.ts";
import { ARABIC } from "./langs/arabic.ts";
import { JAPANESE } from "./langs/japanese.ts";
import { CHINESE } from "./langs/chinese.ts";

export const LANGUAGES: Readonly<Record<string, Lang>> = { en: ENGLISH, fre: FRENCH, de: GERMAN, es: SPANISH, it: ITALIAN, ko: KOREAN, hi: HINDI, ar: ARABIC, ja: JAPANESE, zh: CHINESE, "pt-BR": PORTUGUESE };
