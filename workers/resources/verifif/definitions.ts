// The judge-graded instructions' definitions, as the reference ships them in three CSV files
// (vif_validators/evaluation_modes.csv, instruction_definition.csv, subinstruction_definition.csv,
// Apache-2.0): what each instruction and each named value of its arguments means, and how the
// judge applies it. Data, read as the reference reads it (latin-1; every cell is ASCII).

/** Evaluation mode -> how the judge applies it. */
export const EVALUATION_MODES: Readonly<Record<string, string>> = {
  "non-relational": "Judge compliance using instruction and subinstruction-specific descriptions",
  "relational_with_subinstruction": "Here a specific type of word called the subinstruction (e.g. metaphor, formal, visual) along with it's description, a relation and a relativity value is provided. Count the number of words that satisfy the subinstruction (given it's description) Using the relation, compare the counted word to the relativity value to make the determination.",
  "relational_without_subinstruction": "Here only a relation and a relativity value is provided. Count the number of words that satisfy the context specific based on the **instruction description** (e.g emotionally expressive adjectives). Using the relation, compare the counted word to the relativity value to make the determination."
};

/** Instruction id -> its name, definition and evaluation mode. */
export const INSTRUCTION_DEFINITIONS: Readonly<Record<string, { instruction_name: string; definition: string; instruction_type: string }>> = {
  "stylistic:tone_formality": {
    "instruction_name": "Formal Tone",
    "definition": "The overall tone of the response must match the specified tone level.",
    "instruction_type": "non-relational"
  },
  "stylistic:emotional_tone": {
    "instruction_name": "Emotional Tone",
    "definition": "The response must express the specified emotion type consistently throughout.",
    "instruction_type": "non-relational"
  },
  "stylistic:politeness": {
    "instruction_name": "Politeness Level",
    "definition": "Determines the overall politeness of the response.",
    "instruction_type": "non-relational"
  },
  "stylistic:literary_style": {
    "instruction_name": "Literary Style",
    "definition": "Defines the overall writing style.",
    "instruction_type": "non-relational"
  },
  "stylistic:sentence_tone_consistency": {
    "instruction_name": "Sentence Tone Consistency",
    "definition": "Ensures each sentence maintains the same tone throughout. A mixed tone (e.g., [partly formal, partly informal] or [partly positive or partly negative]) within one response is considered a violation.",
    "instruction_type": "non-relational"
  },
  "stylistic:voice": {
    "instruction_name": "Passive or Active Voice",
    "definition": "The response must primarily use the selected grammatical voice.",
    "instruction_type": "non-relational"
  },
  "stylistic:figurative_language": {
    "instruction_name": "Figurative Language Presence",
    "definition": "Requires inclusion/restriction of use of a specific figure type (simile, metaphor, personification, hyperbole, idiom) instances based on the relation. The figure type count must satisfy the given relation to num_occurrences.",
    "instruction_type": "relational_with_subinstruction"
  },
  "stylistic:emotive_adjectives": {
    "instruction_name": "Use of Emotive Adjectives",
    "definition": "The response must include or restrict the number of emotionally expressive adjectives (e.g., \u0093beautiful\u0094, \u0093horrifying\u0094, \u0093delightful\u0094). The count must satisfy the given relation to num_adjectives.",
    "instruction_type": "relational_without_subinstruction"
  },
  "stylistic:sensory_detail": {
    "instruction_name": "Sensory Detail Requirement",
    "definition": "Ensures the inclusion/restriction of use of sensory expressions (sight, sound, touch, smell, taste). The sensory expression count must satisfy the given relation to num_details.",
    "instruction_type": "non-relational"
  },
  "stylistic:rhythm_pattern": {
    "instruction_name": "Sentence Rhythm",
    "definition": "Controls the overall rhythm of the writing.",
    "instruction_type": "non-relational"
  },
  "linguistic:pragmatic_context": {
    "instruction_name": "Pragmatic Context Match",
    "definition": "The response must adopt the specified pragmatic context.",
    "instruction_type": "non-relational"
  },
  "linguistic:speech_act": {
    "instruction_name": "Speech-Act Form",
    "definition": "The response must conform to the given speech-act type.",
    "instruction_type": "non-relational"
  },
  "linguistic:syntactic_pattern": {
    "instruction_name": "Syntactic Pattern Requirement",
    "definition": "The response must use the selected syntactic pattern.",
    "instruction_type": "non-relational"
  },
  "linguistic:grammatical_mood": {
    "instruction_name": "Grammatical Mood Enforcement",
    "definition": "The response must enforce the selected grammatical mood.",
    "instruction_type": "non-relational"
  },
  "linguistic:morphological_form": {
    "instruction_name": "Morphological Form Control",
    "definition": "Requires consistent use of a specified morphological form.",
    "instruction_type": "non-relational"
  },
  "linguistic:phonological_pattern": {
    "instruction_name": "Phonological Pattern",
    "definition": "The text should include the given phonological element.",
    "instruction_type": "non-relational"
  },
  "situation:perspective": {
    "instruction_name": "Perspective Constraint",
    "definition": "Defines the narrative viewpoint of the response.",
    "instruction_type": "non-relational"
  },
  "situation:temporal_context": {
    "instruction_name": "Temporal Context Alignment",
    "definition": "Ensures the response situates itself in the correct temporal frame.",
    "instruction_type": "non-relational"
  },
  "linguistic:sound_symbolism": {
    "instruction_name": "Sound Symbolism Use",
    "definition": "Requires the presence or limitation of onomatopoeic or sound-mimicking expressions (e.g., \u0093buzz\u0094, \u0093clang\u0094, \u0093whisper\u0094). Relation defines whether such expressions must appear at least, equal to, or less than a certain implied frequency.",
    "instruction_type": "relational_without_subinstruction"
  },
  "situation:role_based": {
    "instruction_name": "Role Simulation",
    "definition": "The model must respond in character as the specified role_type, using appropriate expertise, tone, and language.",
    "instruction_type": "non-relational"
  },
  "situation:task_specific": {
    "instruction_name": "Task-Specific Context",
    "definition": "The response must align with the communicative goal of the given task_type.",
    "instruction_type": "non-relational"
  },
  "situation:audience_alignment": {
    "instruction_name": "Audience Alignment",
    "definition": "Ensures the response\u0092s vocabulary, tone, and examples are appropriate for the specified audience_type.",
    "instruction_type": "non-relational"
  },
  "situation:contextual_scenario": {
    "instruction_name": "Contextual Scenario Adaptation",
    "definition": "Requires adaptation of tone, structure, and phrasing to the specified scenario_type.",
    "instruction_type": "non-relational"
  },
  "situation:emotional_alignment": {
    "instruction_name": "Emotional Alignment with Situation",
    "definition": "Ensures the emotional tone aligns with the scenario\u0092s context.",
    "instruction_type": "non-relational"
  },
  "situation:environment_setting": {
    "instruction_name": "Environmental Setting Consistency",
    "definition": "Requires the response to be consistent with the described environment_type.",
    "instruction_type": "non-relational"
  },
  "situation:cultural_context": {
    "instruction_name": "Cultural or Environmental Context",
    "definition": "Requires alignment with the chosen culture_type and adaptation_level.",
    "instruction_type": "non-relational"
  }
};

/** Instruction id -> argument value -> its definition. */
export const SUBINSTRUCTION_DEFINITIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "stylistic:tone_formality": {
    "formal": "implies professional or academic language",
    "informal": "allows conversational or casual phrasing",
    "neutral": "is factual and unbiased"
  },
  "stylistic:emotional_tone": {
    "positive": "uses uplifting, supportive language.",
    "negative": "expresses criticism or pessimism; focuses on problems.",
    "neutral": "factual, objective, and unbiased; avoids emotion.",
    "motivational": "encourages action and confidence; uses calls to action.",
    "empathetic": "acknowledges feelings and offers understanding.",
    "sarcastic": "conveys meaning through irony or mock praise; can be biting.",
    "humorous": "aims to amuse with wit, exaggeration, or playfulness."
  },
  "stylistic:politeness": {
    "polite": "uses courteous language (\u0093please\u0094, \u0093thank you\u0094)",
    "impolite": "uses commanding or blunt phrasing;",
    "neutral": "remains factual and straightforward."
  },
  "stylistic:literary_style": {
    "poetic": "focuses on rhythm and metaphor",
    "narrative": "tells a story",
    "dramatic": "heightens tension and conflict",
    "persuasive": "argues a stance",
    "expository": "explains logically",
    "journalistic": "follows report-like brevity"
  },
  "stylistic:sentence_tone_consistency": {
    "formal": "professional or academic language",
    "informal": "allows conversational or casual phrasing",
    "neutral": "factual, objective, and unbiased; avoids emotion.",
    "positive": "uses uplifting, supportive language.",
    "negative": "expresses criticism or pessimism; focuses on problems."
  },
  "stylistic:voice": {
    "active": "means subject performs action",
    "passive": "means subject receives action",
    "mixed": "allows both active (means subject performs action) and passive (means subject receives action) but in balance."
  },
  "stylistic:figurative_language": {
    "simile": "compares unlike things using \u0093like\u0094 or \u0093as\u0094",
    "metaphor": "claims one thing is another to imply shared qualities",
    "personification": "attributes human traits to nonhuman things or ideas",
    "hyperbole": "deliberate exaggeration for emphasis or effect",
    "idiom": "fixed expression with a nonliteral, conventional meaning"
  },
  "stylistic:sensory_detail": {
    "visual": "evokes sight\u0097color, light, shape, and spatial layout",
    "auditory": "evokes sound\u0097pitch, volume, rhythm, timbre, and silence",
    "tactile": "evokes touch\u0097texture, temperature, pressure, and movement",
    "olfactory": "evokes smell\u0097aroma, odor quality, intensity, and freshness/decay",
    "gustatory": "evokes taste\u0097sweet, sour, salty, bitter, umami, and flavor nuances"
  },
  "stylistic:rhythm_pattern": {
    "short": "rapid cadence with brief sentences or fragments that quicken pace",
    "balanced": "mixes short and long sentences to create a steady, varied flow",
    "long": "extended, detailed sentences that slow pace and invite reflection"
  },
  "linguistic:pragmatic_context": {
    "formal_discourse": "academic tone",
    "dialogue": "two-party conversation",
    "dialect": "regional variation in vocabulary, grammar, and pronunciation",
    "sociolect": "group-specific register tied to identity, class, or profession; in-group jargon",
    "classical": "classical ancient or highly literary register with elevated diction and rhetoric",
    "policy_style": "fficial/governmental language stressing clarity, compliance, and guidance"
  },
  "linguistic:speech_act": {
    "declarative": "states or asserts information; conveys facts or opinions",
    "interrogative": "asks a question to solicit information or confirmation",
    "imperative": "issues commands, requests, or instructions",
    "exclamatory": "expresses strong emotion or emphasis with heightened tone",
    "conditional": "presents outcomes dependent on conditions",
    "suggestive": "offers recommendations or proposals, often using modals"
  },
  "linguistic:syntactic_pattern": {
    "compound_sentence": "joins two or more independent clauses with a conjunction",
    "complex_sentence": "combines one independent clause with at least one dependent clause",
    "subordinate_clause": "dependent clause functioning as noun, adjective, or adverb; cannot stand alone",
    "passive_construction": "patient becomes subject; formed with be/get + past participle; agent optional in a by-phrase",
    "parallel_structure": "uses matching grammatical forms for related ideas to enhance clarity and rhythm"
  },
  "linguistic:grammatical_mood": {
    "indicative": "expresses facts, beliefs, or objective statements about reality",
    "subjunctive": "expresses wishes, hypotheticals, demands, or necessity (\u0093if I were,\u0094 \u0093that he be\u0094)",
    "imperative": "issues commands, requests, or prohibitions; subject \u0093you\u0094 is implied",
    "interrogative": "asks questions to seek information or confirmation"
  },
  "linguistic:morphological_form": {
    "inflectional": "adds grammatical features (tense, number, case) without changing word class or core meaning",
    "derivational": "creates a new lexeme, often shifting meaning and sometimes part of speech",
    "compound": "combines two or more roots/stems into a single word with unified or idiomatic meaning",
    "reduplicated": "repeats all or part of a base to mark intensity, plurality, aspect, or other nuance"
  },
  "linguistic:phonological_pattern": {
    "alliteration": "repetition of initial consonant sounds in nearby words",
    "rhyme": "matching sounds\u0097typically stressed vowel plus following consonants\u0097often at line ends",
    "rhythm": "patterned arrangement of stresses, beats, and pauses that governs flow",
    "assonance": "repetition of vowel sounds in nearby (often stressed) syllables",
    "consonance": "repetition of consonant sounds within or at the ends of words"
  },
  "situation:perspective": {
    "first_person": "narrator is \u0093I/we\u0094; direct access to the narrator\u0092s thoughts and perceptions",
    "second_person": "addresses \u0093you\u0094; casts the reader as participant or protagonist",
    "third_person": "external narrator uses \u0093he/she/they\u0094; can be limited or omniscient",
    "mixed": "alternates perspectives (e.g., first/third) across scenes or characters for contrast"
  },
  "situation:temporal_context": {
    "past": "narrates events that have already occurred; often uses past tenses and retrospection",
    "present": "unfolds in real time; uses present tense for immediacy and immersion",
    "future": "anticipates events yet to happen; uses future or modal constructions; speculative tone",
    "mixed": "shifts among past, present, and future for contrast."
  },
  "situation:task_specific": {
    "consultation": "collaborative Q&A to elicit goals and constraints, then tailor guidance",
    "recommendation": "proposes options prioritized with rationale, trade-offs, and next steps",
    "instruction": "step-by-step procedure with prerequisites, cautions, and expected outcomes",
    "analysis": "examines evidence to derive patterns, insights, and implications",
    "diagnosis": "infers root cause from symptoms/evidence; proposes tests and remedies",
    "debate": "presents opposing arguments with evidence, rebuttals, and conclusions",
    "summary": "condenses key points, conclusions, and action items",
    "explanation": "clarifies how/why using concepts, mechanisms, and examples",
    "critique": "evaluates strengths and weaknesses against criteria; suggests improvements",
    "comparison": "contrasts alternatives on defined criteria; highlights similarities and differences"
  },
  "situation:audience_alignment": {
    "children": "simple vocabulary, concrete examples, playful/encouraging tone, short sentences",
    "students": "learning-oriented with objectives, scaffolded steps, examples, and checks for understanding",
    "experts": "assumes domain knowledge; precise terminology, depth, and evidence; focuses on nuance",
    "general_public": "plain language, relatable analogies, minimal jargon, clear context and relevance",
    "policymakers": "concise and outcome-focused; presents options, impacts, trade-offs, and clear recommendations",
    "professionals": "industry-focused with best practices, workflows, and actionable takeaways",
    "elderly": "clear and respectful; familiar references; low cognitive load; explicit, stepwise guidance",
    "beginners": "assumes no prior knowledge; defines terms; step-by-step instructions with simple examples"
  },
  "situation:contextual_scenario": {
    "business_meeting": "agenda-driven discussion to make decisions, assign owners, and set timelines",
    "academic_lecture": "instructor-centered explanation of concepts with evidence, examples, and citations; Q&A often follows",
    "courtroom": "formal legal proceeding with arguments, testimony, evidence, and strict procedural rules",
    "therapy_session": "confidential, empathetic dialogue using reflective listening and guided strategies for well-being",
    "news_report": "objective, concise account answering who/what/when/where/why/how with verified sources",
    "press_conference": "prepared statements plus live Q&A from a spokesperson; controlled messaging and soundbites",
    "classroom": "interactive instruction with activities, checks for understanding, and clear learning objectives",
    "emergency_briefing": "urgent, plain-language updates with concrete directives and safety actions"
  },
  "situation:emotional_alignment": {
    "sympathetic": "acknowledges feelings, validates experience, and offers gentle support",
    "neutral": "objective and even-toned; avoids judgment or emotive language",
    "optimistic": "hopeful and solution-oriented; highlights possibilities and progress",
    "serious": "sober and direct; minimal humor; emphasizes gravity and importance",
    "cautious": "measured claims with caveats; risk-aware and avoids overpromising",
    "motivational": "energizing and encouraging; uses calls to action and growth mindset cues",
    "respectful": "polite and considerate; honors autonomy, boundaries, and diverse perspectives"
  },
  "situation:environment_setting": {
    "urban": "dense built environment; diverse populations; fast pace; transit, noise, and infrastructure constraints",
    "rural": "low population density; agricultural or open land; close-knit communities; longer distances to services",
    "digital": "virtual/online context with platforms and interfaces; remote, asynchronous or real-time communication",
    "natural": "outdoor landscapes (forest, ocean, desert); weather, terrain, and wildlife shape interaction",
    "professional": "workplace norms and etiquette; goal- and outcome-oriented; roles, timelines, and stakeholders",
    "academic": "educational or research context; learning objectives, citations, peer review, and specialized jargon",
    "cultural": "arts/heritage settings (museums, festivals, rituals); symbolic meaning and etiquette sensitivity"
  },
  "situation:cultural_context": {
    "western": "references norms and conventions common to Europe/North America; align examples, calendars, and etiquette accordingly while avoiding stereotypes",
    "eastern": "references traditions and conventions from Asia (e.g., East, South, Southeast) and adjacent regions; adapt formality, symbols, and holidays with sensitivity to diversity",
    "global": "aims for cross-cultural accessibility; minimize idioms, use inclusive examples, and standardize formats (dates, units, names)",
    "local": "anchors to a specific community\u0092s customs, slang, and constraints; uses locally meaningful references and practices",
    "specific_region": "tailors content to a named region (e.g., West Africa, Andes, Nordics); reflects regional norms, regulations, and references",
    "implicit": "subtle tailoring of tone, examples, and etiquette to cultural expectations without calling them out; avoids stereotypes",
    "explicit": "overt localization that names norms and context; translates idioms, adjusts formats (dates/units), and uses region-specific references"
  }
};
