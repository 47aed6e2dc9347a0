// language:response_language and the English case checks: every language IFEval's rows use,
// told among langdetect's languages only, as IFEval's langdetect would tell them.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/instruction_following/index.ts";
import { LANGUAGES } from "../../../shared/instructions/text/language.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const post = (path: string, body: unknown) => client(server, serverEnv("instruction_following")).post(path, body);
const rowOf = (id: string, kwargs: Record<string, unknown>) => ({
  responses_create_params: { input: [{ role: "user", content: "Write." }] },
  id: 5,
  verifier_metadata: { instruction_id_list: [id], prompt: "Write.", kwargs: [kwargs] },
});

async function follows(id: string, kwargs: Record<string, unknown>, text: string) {
  const output = [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }];
  const res = await post("/verify", { ...rowOf(id, kwargs), response: { id: "r", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.follow_instruction_list[0] as boolean;
}
const inLanguage = (language: string, text: string) => follows("language:response_language", { language }, text);

// One reply per IFEval language.
const REPLIES: Record<keyof typeof LANGUAGES, string> = {
  en: "The weather is lovely today, so we are going for a long walk in the park after lunch.",
  es: "Hoy hace muy buen tiempo, así que vamos a dar un largo paseo por el parque después de comer.",
  pt: "Hoje o tempo está muito bom, então vamos dar um longo passeio no parque depois do almoço.",
  ar: "الطقس جميل جدا اليوم، لذلك سنذهب في نزهة طويلة في الحديقة بعد الغداء.",
  hi: "आज मौसम बहुत अच्छा है, इसलिए हम दोपहर के खाने के बाद पार्क में लंबी सैर के लिए जा रहे हैं।",
  fr: "Il fait très beau aujourd'hui, alors nous allons faire une longue promenade dans le parc après le déjeuner.",
  ru: "Москва — столица России. Это самый большой город страны, в нём живёт более двенадцати миллионов человек.",
  de: "Heute ist das Wetter sehr schön, deshalb machen wir nach dem Mittagessen einen langen Spaziergang im Park.",
  ja: "今日はとても良い天気なので、昼ご飯の後に公園で長い散歩をしましょう。",
  it: "Oggi il tempo è bellissimo, quindi dopo pranzo faremo una lunga passeggiata nel parco.",
  bn: "আজ আবহাওয়া খুব সুন্দর, তাই দুপুরের খাবারের পরে আমরা পার্কে লম্বা হাঁটতে যাব।",
  uk: "Сьогодні чудова погода, тому після обіду ми підемо на довгу прогулянку в парк.",
  th: "วันนี้อากาศดีมาก หลังอาหารกลางวันเราจะไปเดินเล่นในสวนสาธารณะกันนานๆ",
  ur: "آج موسم بہت اچھا ہے، اس لیے ہم دوپہر کے کھانے کے بعد پارک میں لمبی سیر کے لیے جائیں گے۔",
  ta: "இன்று வானிலை மிகவும் நன்றாக உள்ளது, எனவே மதிய உணவுக்குப் பிறகு நாங்கள் பூங்காவில் நீண்ட நடைப்பயணம் செல்வோம்.",
  te: "ఈ రోజు వాతావరణం చాలా బాగుంది, కాబట్టి మధ్యాహ్న భోజనం తర్వాత మేము పార్కులో చాలా సేపు నడకకు వెళ్తాము.",
  bg: "Днес времето е много хубаво и затова след обяд ще излезем на дълга разходка в парка с приятели. Това е нещо, което правим всяка седмица.",
  ko: "오늘은 날씨가 정말 좋아서 점심을 먹은 후에 공원에서 오래 산책을 할 거예요.",
  pl: "Dzisiaj jest piękna pogoda, więc po obiedzie pójdziemy na długi spacer do parku.",
  he: "היום מזג האוויר נהדר, ולכן אחרי ארוחת הצהריים נצא לטיול ארוך בפארק.",
  fa: "امروز هوا بسیار خوب است، بنابراین بعد از ناهار برای یک پیاده‌روی طولانی به پارک می‌رویم.",
  vi: "Hôm nay thời tiết rất đẹp, vì vậy sau bữa trưa chúng tôi sẽ đi dạo thật lâu trong công viên.",
  ne: "आज मौसम धेरै राम्रो छ, त्यसैले हामी दिउँसोको खाना खाएपछि पार्कमा लामो हिँडाइमा जाँदैछौं।",
  sw: "Leo hali ya hewa ni nzuri sana, kwa hiyo baada ya chakula cha mchana tutaenda kutembea kwa muda mrefu bustanini.",
  kn: "ಇಂದು ಹವಾಮಾನ ತುಂಬಾ ಚೆನ್ನಾಗಿದೆ, ಆದ್ದರಿಂದ ಮಧ್ಯಾಹ್ನದ ಊಟದ ನಂತರ ನಾವು ಉದ್ಯಾನವನದಲ್ಲಿ ದೀರ್ಘ ನಡಿಗೆಗೆ ಹೋಗುತ್ತೇವೆ.",
  mr: "आज हवामान खूप छान आहे, म्हणून आम्ही दुपारच्या जेवणानंतर बागेत लांब फिरायला जाणार आहोत.",
  gu: "આજે હવામાન ખૂબ સરસ છે, તેથી બપોરના ભોજન પછી અમે બગીચામાં લાંબી સેર કરવા જઈશું.",
  pa: "ਅੱਜ ਮੌਸਮ ਬਹੁਤ ਵਧੀਆ ਹੈ, ਇਸ ਲਈ ਦੁਪਹਿਰ ਦੇ ਖਾਣੇ ਤੋਂ ਬਾਅਦ ਅਸੀਂ ਪਾਰਕ ਵਿੱਚ ਲੰਬੀ ਸੈਰ ਲਈ ਜਾਵਾਂਗੇ।",
  ml: "ഇന്ന് കാലാവസ്ഥ വളരെ നല്ലതാണ്, അതിനാൽ ഉച്ചഭക്ഷണത്തിന് ശേഷം ഞങ്ങൾ പാർക്കിൽ ഒരു നീണ്ട നടത്തത്തിന് പോകും.",
  fi: "Tänään on todella kaunis sää, joten lähdemme lounaan jälkeen pitkälle kävelylle puistoon.",
};
const CODES = Object.keys(REPLIES) as (keyof typeof LANGUAGES)[];

describe("instruction_following: response language", () => {
  test("every IFEval language is accepted and recognised", async () => {
    expect(CODES.sort()).toEqual(Object.keys(LANGUAGES).sort());
    for (const code of CODES) expect(await inLanguage(code, REPLIES[code]), code).toBe(true);
  });

  test("no reply passes as another IFEval language", async () => {
    for (const [i, code] of CODES.entries()) {
      const other = CODES[(i + 1) % CODES.length]!;
      expect(await inLanguage(other, REPLIES[code]), `${code} as ${other}`).toBe(false);
    }
  });

  test("a Finnish row runs (it was refused before)", async () => {
    expect((await post("/seed_session", rowOf("language:response_language", { language: "fi" }))).status).toBe(200);
    expect(await inLanguage("fi", "Hyvää huomenta! Kiitos avusta, tämä oli erittäin hyödyllistä.")).toBe(true);
    expect(await inLanguage("fi", "Thank you for the help, this was very useful.")).toBe(false);
  });

  test("Hindi is Hindi, not Marathi or Nepali, and vice versa", async () => {
    const hindi = "भारत एक विशाल देश है। यहाँ कई भाषाएँ बोली जाती हैं और लोग अलग अलग त्योहार मनाते हैं।";
    expect(await inLanguage("hi", hindi)).toBe(true);
    expect(await inLanguage("mr", hindi)).toBe(false);
    expect(await inLanguage("ne", hindi)).toBe(false);
    expect(await inLanguage("hi", REPLIES.mr)).toBe(false);
    expect(await inLanguage("hi", REPLIES.ne)).toBe(false);
  });

  test("mostly-English text with a few French words is English, not French", async () => {
    const mixed = "The weather is lovely today, c'est la vie, and we are going for a long walk in the park before dinner with our friends.";
    expect(await inLanguage("fr", mixed)).toBe(false);
    expect(await inLanguage("en", mixed)).toBe(true);
    expect(await inLanguage("fr", "Merci beaucoup! I really enjoyed the dinner and the wine, and we will certainly come back next summer.")).toBe(false);
  });

  test("a language IFEval does not ask for is not taken for one it does", async () => {
    const dutch = "Het weer is vandaag erg mooi, dus we gaan na de lunch een lange wandeling maken in het park.";
    for (const code of ["de", "en", "fr"]) expect(await inLanguage(code, dutch), code).toBe(false);
  });

  test("undecidable text (no letters) counts as followed; a short word is still told", async () => {
    for (const text of ["12345 67890 !!!", "", "— … ?"]) expect(await inLanguage("fi", text), text).toBe(true);
    // langdetect tells "ok" as Slovak, so IFEval counts it as not German.
    expect(await inLanguage("de", "ok")).toBe(false);
  });

  test("english_lowercase and english_capital need English", async () => {
    expect(await follows("change_case:english_lowercase", {}, "this is an answer written in lowercase english letters only.")).toBe(true);
    expect(await follows("change_case:english_lowercase", {}, "tänään on todella kaunis sää, joten lähdemme pitkälle kävelylle.")).toBe(false);
    expect(await follows("change_case:english_capital", {}, "THIS IS AN ANSWER WRITTEN IN CAPITAL ENGLISH LETTERS ONLY.")).toBe(true);
    expect(await follows("change_case:english_capital", {}, "HEUTE IST DAS WETTER SEHR SCHÖN, DESHALB GEHEN WIR SPAZIEREN.")).toBe(false);
  });

  // Each verdict below is the one Python's langdetect (what IFEval calls) gives on at least 25 of 30 runs.
  test("a mixed reply is told by all of its text, as langdetect tells it", async () => {
    const mostlyEnglish = [
      "C'est la vie, mon ami. I don't know what to say. Let's go home.",
      "Merci beaucoup pour votre aide. It helped a lot. Have a nice day.",
      "Voici ma réponse. The answer is 42. That is all.",
      "Le chat dort sur le canapé depuis ce matin. The weather is nice today and we are going to the park. I hope it does not rain later this afternoon.",
    ];
    for (const text of mostlyEnglish) {
      expect(await inLanguage("fr", text), text).toBe(false);
      expect(await inLanguage("en", text), text).toBe(true);
    }
    const mostlyFrench = [
      "J'aime beaucoup la musique classique et le jazz. But I prefer rock. It is louder.",
      "Le petit prince est un livre magnifique. I read it twice. It made me cry.",
      "Ceci est une longue phrase écrite entièrement en français pour le test. This is English. This too.",
    ];
    for (const text of mostlyFrench) expect(await inLanguage("fr", text), text).toBe(true);
  });

  test("a short lowercase haiku is English when it is English", async () => {
    const english = ["old pond\nfrog leaps in\nwater's sound", "morning dew\nglistens on the grass\nnew day begins", "quiet night\nmoon on snow\nno wind"];
    for (const text of english) expect(await follows("change_case:english_lowercase", {}, text), text).toBe(true);
    const other = ["le vent se lève\nil faut tenter de vivre\nla mer est calme", "der alte teich\nein frosch springt hinein\ndas geräusch des wassers"];
    for (const text of other) expect(await follows("change_case:english_lowercase", {}, text), text).toBe(false);
  });
});
