/** The eight scriptures of the Religion tool (docs/spec-rules.md §3). */
export type ScriptureId = 'gita' | 'bible' | 'guru-granth-sahib' | 'torah' | 'tripitaka' | 'agamas' | 'avesta' | 'quran';
export type Scripture = { id: ScriptureId; name: string; religion: string; color: string; image: string; systemPrompt: string };

const prompt = (name: string, tradition: string, cite: string) =>
  `You are a respectful, careful guide to the ${name} of ${tradition}. Answer from the ${name} itself, faithful to the tradition, citing ${cite} for every claim you draw from the text. Quote briefly. Where schools or commentators interpret a passage differently, say so plainly. Never invent a citation; if you are unsure of a reference, say so.`;

export const SCRIPTURES: readonly Scripture[] = [
  {
    id: 'gita',
    name: 'Bhagavad Gita',
    religion: 'Hinduism',
    color: 'yellow',
    image: '/media/books/gita.svg',
    systemPrompt: prompt('Bhagavad Gita', 'Hinduism', 'chapter and verse as "Bhagavad Gita 2.47"'),
  },
  {
    id: 'bible',
    name: 'The Bible',
    religion: 'Christianity',
    color: 'purple',
    image: '/media/books/bible.svg',
    systemPrompt: prompt('Bible', 'Christianity', 'book, chapter and verse as "John 3:16" (King James Version numbering)'),
  },
  {
    id: 'guru-granth-sahib',
    name: 'Guru Granth Sahib',
    religion: 'Sikhism',
    color: 'cyan',
    image: '/media/books/guru-granth-sahib.svg',
    systemPrompt: prompt('Guru Granth Sahib', 'Sikhism', 'the Ang (page) as "Ang 1"'),
  },
  {
    id: 'torah',
    name: 'Torah Tanakh',
    religion: 'Judaism',
    color: 'blue',
    image: '/media/books/torah.svg',
    systemPrompt: prompt('Torah and Tanakh', 'Judaism', 'book, chapter and verse as "Deuteronomy 6:4"'),
  },
  {
    id: 'tripitaka',
    name: 'Tripitaka',
    religion: 'Buddhism',
    color: 'red',
    image: '/media/books/tripitaka.svg',
    systemPrompt: prompt('Tripitaka (Pali Canon)', 'Buddhism', 'the collection and number as "Dhammapada 183" or "Majjhima Nikaya 10"'),
  },
  {
    id: 'agamas',
    name: 'Agamas',
    religion: 'Jainism',
    color: 'orange',
    image: '/media/books/agamas.svg',
    systemPrompt: prompt('Jain Agamas', 'Jainism', 'the text and chapter as "Uttaradhyayana Sutra 10" or "Tattvartha Sutra 1.1"'),
  },
  {
    id: 'avesta',
    name: 'Avesta',
    religion: 'Zoroastrianism',
    color: 'pink',
    image: '/media/books/avesta.svg',
    systemPrompt: prompt('Avesta', 'Zoroastrianism', 'the text and chapter as "Yasna 30" or "Vendidad 3"'),
  },
  {
    id: 'quran',
    name: 'Quran',
    religion: 'Islam',
    color: 'green',
    image: '/media/books/quran.svg',
    systemPrompt: prompt('Quran', 'Islam', 'surah and ayah as "Quran 2:255"'),
  },
];

/** Builds the GenerateAnswer prompt of docs/spec-rules.md §7: 'BOOK_ID:{id}', the system prompt, the question. */
export const scripturePrompt = (s: Scripture, question: string) => `BOOK_ID:${s.id}\n${s.systemPrompt}\n${question}`;

/** A citation found in an answer and checked against the book's structure. */
export type CheckedCitation = {
  ref: string;
  isValid: boolean;
  /** valid, invalid (does not exist in the book), or unchecked ("could not be checked"): never silently passed. */
  status?: 'valid' | 'invalid' | 'unchecked';
  quote?: string;
  /** The text the quote is taken from, with its translator and edition ("King James Version, 1769 Oxford text"). */
  quoteSource?: string;
  note?: string;
};
export type ScriptureFacts = { bookId: ScriptureId; citations: CheckedCitation[] };
export type ChanakyaFacts = {
  citations: CheckedCitation[];
  /** The numbered edition the citations follow ("<title>, translated by <translator>"). */
  edition?: string;
  /** The same edition's title and translator as published, for a screen to word the rest in its language. */
  editionBook?: EditionBook;
};
/** A book's edition as published: its title and its translator. */
export type EditionBook = { title: string; translator: string };

/**
 * Which UTC offset a birth time was read in: India's standard or war time, a country's civil time
 * from the tz database (`zone`), the place's local mean time, an offset the user gave, or a city time
 * the user named (Bombay, Calcutta, Madras). `minutes` east of UTC, seconds as a fraction.
 */
export type BirthOffset =
  | { kind: 'ist' | 'war-time' | 'lmt' | 'given'; minutes: number }
  | { kind: 'civil'; minutes: number; zone: string }
  | { kind: 'city'; minutes: number; city: 'bombay' | 'calcutta' | 'madras' };

/** The computed sidereal chart returned by the astrology tool as data.facts. */
export type GrahaPlacement = {
  graha: string;
  longitude: number;
  sign: string;
  degree: number;
  house: number;
  nakshatra: string;
  pada: number;
  isRetrograde: boolean;
};
export type AstrologyFacts = {
  place: { name: string; lat: number; lon: number };
  utc: string;
  /** The UTC offset used, in the server's English words ("Indian Standard Time (UTC+05:30)"). */
  offset: string;
  /** The same offset as data, for a screen to word it in its own language (absent in older readings). */
  offsetUsed?: BirthOffset;
  chart: {
    ascendant: { longitude: number; sign: string; degree: number; nakshatra: string; pada: number };
    ayanamsa: number;
    grahas: GrahaPlacement[];
  };
  dasha: {
    current: { lord: string; start: string; end: string } | null;
    periods: Array<{ lord: string; start: string; end: string }>;
  } & AstrologySubPeriods;
} & AstrologySources;

/** Nutrition computed from the Indian Food Composition Tables 2017 (calorie and recipe tools). */
export type NutritionItem = {
  name: string;
  quantity: string;
  grams: number;
  kcal: number;
  protein: number;
  fat: number;
  carbohydrate: number;
  fibre: number;
};
export type NutritionFacts = {
  items: NutritionItem[];
  total: { kcal: number; protein: number; fat: number; carbohydrate: number; fibre: number };
  source: string;
  /** For recipes: per serving. */
  servings?: number;
};

/** Where a nutrition row's numbers come from (issue 14). */
export type NutritionSourceKind = 'ifct' | 'ifct-recipe' | 'estimate';
/**
 * The foods IFCT 2017 does not list that the nutrition recipes use (the server's other-foods.ts), by id: a
 * screen writes their name and the basis of their values in its own language (issue 24).
 */
export const NUTRITION_OTHER_FOODS = ['WATER', 'SALT', 'SUGAR', 'CURD', 'TONED_MILK', 'BUTTER', 'OATS', 'SAGO'] as const;
export type NutritionOtherFoodId = (typeof NUTRITION_OTHER_FOODS)[number];
/**
 * Every food of the nutrition table's recipes and raw dishes (issue 24): the IFCT 2017 codes the server's
 * dishes-data.ts names (their English names are the package's) and the foods IFCT lacks. A screen writes a
 * food's name in its own language from its id; the server's `name` stays the package's English.
 */
export const NUTRITION_FOODS = [
  ...['A003', 'A005', 'A006', 'A010', 'A011', 'A012', 'A014', 'A015', 'A018', 'A019', 'A022'],
  ...['B001', 'B002', 'B003', 'B004', 'B010', 'B011', 'B013', 'B016', 'B020', 'B021'],
  ...['C015', 'C020', 'C033'],
  ...['D001', 'D031', 'D033', 'D036', 'D043', 'D046', 'D050', 'D056', 'D057', 'D061', 'D063', 'D066', 'D076'],
  ...['E001', 'E012', 'E026', 'E028', 'E033', 'E036', 'E047', 'E049', 'E064', 'E065'],
  ...['F002', 'F007', 'F010'],
  ...['G008', 'G009', 'G010', 'G011', 'G014', 'G016', 'G017', 'G019', 'G022', 'G024', 'G025', 'G026', 'G031', 'G033'],
  ...['H001', 'H005', 'H007', 'H012', 'H013'],
  'I001',
  ...['L001', 'L003', 'L004'],
  ...['M004', 'M007'],
  ...['N002', 'N003'],
  'O001',
  'P087',
  'S006',
  ...['T001', 'T005', 'T006', 'T007', 'T013'],
  ...NUTRITION_OTHER_FOODS,
] as const;
export type NutritionFoodId = (typeof NUTRITION_FOODS)[number];
/**
 * How a recipe is cooked: the id of its standard yield factor (the server's dishes-data.ts `YIELDS`),
 * so a screen writes the yield note in its own language from it and the factor.
 */
export const NUTRITION_COOKING = [
  'raw',
  'steamed',
  'boiled',
  'simmered',
  'tawa',
  'fried',
  'deepFried',
  'roasted',
  'baked',
  'dried',
] as const;
export type NutritionCooking = (typeof NUTRITION_COOKING)[number];
/**
 * One ingredient of the recipe behind a computed dish: raw grams, and its IFCT code or other basis. `name`
 * and `basis` are English (the models read them); `foodId` is the food as data, its IFCT code or the id of
 * a food IFCT lacks (absent from rows stored before it was added).
 */
export type NutritionIngredient = {
  name: string;
  grams: number;
  ifctCode?: string;
  basis: string;
  isEstimate: boolean;
  foodId?: NutritionFoodId;
};
/**
 * The recipe behind a number: raw ingredients, the cooking yield and the cooked weight. `yieldNote` is the
 * English; `cooking` (with `yieldFactor`) the same note as data (absent from rows stored before it was added).
 */
export type NutritionRecipe = {
  ingredients: NutritionIngredient[];
  rawGrams: number;
  yieldFactor: number;
  yieldNote: string;
  cookedGrams: number;
  cooking?: NutritionCooking;
};
/**
 * The nutrition table's dishes by id (issue 24): the slug of the dish's English name ("Roti (chapati)" is
 * `roti-chapati`), so a screen writes the name in its own language; the server's `name` stays English.
 */
export const NUTRITION_DISHES = [
  'roti-chapati',
  'paratha-plain',
  'aloo-paratha',
  'puri',
  'naan',
  'bhatura',
  'thepla',
  'bajra-roti',
  'jowar-roti',
  'bread-white',
  'brown-bread',
  'steamed-rice',
  'jeera-rice',
  'vegetable-pulao',
  'chicken-biryani',
  'vegetable-biryani',
  'lemon-rice',
  'curd-rice',
  'khichdi',
  'pongal',
  'poha',
  'upma',
  'sabudana-khichdi',
  'oats-porridge',
  'cornflakes-with-milk',
  'ragi-mudde',
  'idli',
  'plain-dosa',
  'masala-dosa',
  'rava-dosa',
  'uttapam',
  'medu-vada',
  'appam',
  'puttu',
  'sambar',
  'rasam',
  'coconut-chutney',
  'dal-toor-cooked',
  'dal-tadka',
  'dal-makhani',
  'moong-dal-cooked',
  'masoor-dal-cooked',
  'chana-masala',
  'rajma-curry',
  'kadhi',
  'sprouts-salad',
  'palak-paneer',
  'paneer-butter-masala',
  'matar-paneer',
  'shahi-paneer',
  'paneer-raw',
  'aloo-gobi',
  'aloo-sabzi',
  'bhindi-masala',
  'baingan-bharta',
  'mixed-vegetable-curry',
  'cabbage-poriyal',
  'avial',
  'cucumber-salad',
  'chicken-curry',
  'butter-chicken',
  'chicken-tikka',
  'mutton-curry',
  'fish-curry',
  'fried-fish',
  'egg-curry',
  'boiled-egg',
  'omelette',
  'curd-dahi',
  'raita',
  'buttermilk',
  'lassi-sweet',
  'milk-toned',
  'tea-with-milk-and-sugar',
  'coffee-with-milk-and-sugar',
  'ghee',
  'butter',
  'samosa',
  'pakora',
  'dhokla',
  'pav-bhaji',
  'vada-pav',
  'misal-pav',
  'pani-puri',
  'bhel-puri',
  'kachori',
  'aloo-tikki',
  'momos-vegetable-steamed',
  'maggi-style-instant-noodles',
  'chowmein',
  'sandwich-vegetable',
  'papad-roasted',
  'pickle-mango',
  'gulab-jamun',
  'rasgulla',
  'jalebi',
  'kheer',
  'halwa-sooji',
  'gajar-halwa',
  'ladoo-besan',
  'barfi',
  'banana',
  'apple',
  'mango',
  'papaya',
  'guava',
  'orange',
  'grapes',
  'watermelon',
  'peanuts-roasted',
  'almonds',
  'cashews',
] as const;
export type NutritionDishId = (typeof NUTRITION_DISHES)[number];
/**
 * The household measures of the nutrition table by key: a dish's standard portion (the slug of its English
 * label, "1 medium roti" is `1-medium-roti`) or a measure typed with it (`katori`, `bowl`, `cup`, `plate`,
 * `glass`, `tablespoon`, `teaspoon`).
 */
export const NUTRITION_MEASURES = [
  '1-medium-roti',
  '1-paratha',
  '1-puri',
  '1-naan',
  '1-bhatura',
  '1-thepla',
  '1-roti',
  '1-slice',
  '1-katori-cooked',
  '1-katori',
  '1-plate',
  '1-bowl',
  '1-ball',
  '1-idli',
  '1-dosa',
  '1-masala-dosa',
  '1-uttapam',
  '1-vada',
  '1-appam',
  '1-piece',
  '2-tablespoons',
  '100-g',
  '6-pieces',
  '1-katori-2-eggs',
  '1-egg',
  '1-two-egg-omelette',
  '1-glass',
  '1-cup',
  '1-teaspoon',
  '1-samosa',
  '2-pieces',
  '1-plate-2-pav',
  '1-vada-pav',
  '1-kachori',
  '1-tikki',
  '1-packet-cooked',
  '1-sandwich',
  '1-papad',
  '1-ladoo',
  '1-medium-banana',
  '1-medium-apple',
  '1-guava',
  '1-orange',
  '1-handful',
  '10-almonds',
  '10-cashews',
  'katori',
  'bowl',
  'cup',
  'plate',
  'glass',
  'tablespoon',
  'teaspoon',
] as const;
export type NutritionMeasure = (typeof NUTRITION_MEASURES)[number];
/** The slug a dish's id or a portion's key is made of: lower case, every run of other characters one hyphen. */
export const nutritionKey = (english: string) =>
  english
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
export type SourcedNutritionItem = NutritionItem & {
  sourceKind: NutritionSourceKind;
  /** Human-readable source of this row: "IFCT 2017 E049 (Papaya, ripe)", "Recipe of IFCT 2017 foods", "Estimate: ...". */
  source: string;
  ifctCode?: string;
  isEstimate: boolean;
  recipe?: NutritionRecipe;
  /** Energy range (kcal) where the portion itself is uncertain, for example read from a photo. */
  kcalRange?: [number, number];
  portionNote?: string;
  /**
   * The row as data, so a screen can write it in its own language (issue 24; `name`, `quantity` and
   * `portionNote` stay in English for the models and API clients). Absent from rows stored before.
   */
  dishId?: NutritionDishId;
  /** "2 × 1 medium roti (40 g)": the count, the measure and its grams; absent when the grams were typed ("150 g"). */
  measure?: { count: number; unit: NutritionMeasure; unitGrams: number };
  /** The share either side of a portion read from a photo (0.25 is "±25 %"), with `portionNote`. */
  portionSpread?: number;
  /**
   * `source` as data, with `sourceKind`, `ifctCode` (a raw food's name is the food of that code) and the
   * recipe's ingredients (an estimate names those marked `isEstimate`): whether a raw IFCT food's energy is
   * computed from its fat, as the package gives 0 kJ for oils and fats. Sent with every raw food's row
   * (`sourceKind` 'ifct'); absent from rows stored before it was added.
   */
  isEnergyFromFat?: boolean;
};
/** A figure written in the models' answer, checked against the computed table. */
export type CheckedFigure = { text: string; kcal: number; isConsistent: boolean; expectedKcal?: number; row?: string };
export type SourcedNutritionFacts = Omit<NutritionFacts, 'items'> & {
  items: SourcedNutritionItem[];
  /** The data edition and the package it is read from. */
  edition: string;
  dataPackage: string;
  hasEstimates: boolean;
  totalKcalRange?: [number, number];
  figures?: CheckedFigure[];
};

/** Where the chart's conventions come from (issue 14): the ayanamsa chosen and its definition, the node, the tz database. */
export type AstrologySources = {
  ayanamsaSystem?: { id: 'lahiri' | 'raman' | 'kp'; name: string; source: string };
  /** Rahu and Ketu are the mean lunar node and its opposite point. */
  node?: 'mean';
  /** The IANA time-zone database version the offset was read from. */
  tzdb?: string;
};
/** Vimshottari antardashas of every mahadasha and pratyantardashas of the running antardasha. */
export type AstrologySubPeriods = {
  antardashas?: Array<{ mahadasha: string; lord: string; start: string; end: string }>;
  currentAntardasha?: { lord: string; start: string; end: string } | null;
  pratyantardashas?: Array<{ lord: string; start: string; end: string }>;
  currentPratyantardasha?: { lord: string; start: string; end: string } | null;
};

/**
 * One numbered fact of the computed chart (issue 14): the models cite it as "[F3]" and the reading's
 * statements link to it as chips. Ids are stable within one response: F1 the ascendant, F2-F10 the
 * grahas in the order Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu, then the dashas.
 */
export type ChartFact = {
  id: string;
  kind: 'ascendant' | 'graha' | 'mahadasha' | 'antardasha' | 'pratyantardasha';
  /** "Moon", "Ascendant (Lagna)", "Current mahadasha". */
  label: string;
  /** The fact as shown on the chip: "Moon in Cancer 12°04', house 10, Pushya pada 3". */
  text: string;
  /** The graha of a placement, or the lord of a running dasha. */
  graha?: string;
  /**
   * The fact as data, so a screen can write it in its own language (issue 24; `label` and `text` stay
   * the English the models cite): the sign (English name, as in the chart), the degree within it, the
   * whole-sign house (grahas only), the nakshatra and pada, retrograde motion; a dasha's dates (YYYY-MM-DD).
   * Absent in readings stored before they were added.
   */
  sign?: string;
  degree?: number;
  house?: number;
  nakshatra?: string;
  pada?: number;
  isRetrograde?: boolean;
  start?: string;
  end?: string;
};
/** A placement the reading states about a graha (or the ascendant), compared with the chart. */
export type ChartClaim = {
  /** The words of the reading that make the claim ("Moon in Aries"). */
  text: string;
  /** The graha, or 'Ascendant'. */
  subject: string;
  kind: 'sign' | 'house' | 'nakshatra' | 'mahadasha' | 'antardasha' | 'pratyantardasha';
  claimed: string;
  /** What the chart says. */
  expected: string;
  isConsistent: boolean;
  /** The chart fact the claim is checked against. */
  factId: string;
};
/** What the astrology check adds to the facts: the numbered facts, the chips the reading cites, the claims checked. */
export type AstrologyReadingCheck = {
  factList?: ChartFact[];
  /** The facts the reading cites by id, in order of first citation (the chips). */
  chips?: ChartFact[];
  /** Ids the reading cites that are not in the fact list (marked in the text). */
  unknownFactIds?: string[];
  claims?: ChartClaim[];
};

/** The facts each tool returns as data.facts, by tool id (every `ToolId`; the server's `Tool<Id>` is typed with it). */
export type ToolFactsById = {
  scripture: ScriptureFacts;
  chanakya: ChanakyaFacts;
  astrology: AstrologyFacts & AstrologyReadingCheck;
  calorie: SourcedNutritionFacts;
  recipe: SourcedNutritionFacts;
};
