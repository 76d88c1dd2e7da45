import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NutritionDishId, NutritionMeasure, SourcedNutritionItem } from '@sangam/contracts';
import { isEnglish } from '@/lib/i18n/is-english';

/**
 * A nutrition row's dish, amount and photo note in the reader's language (issue 24). The server sends
 * each row in English (`name`, `quantity`, `portionNote`: what the models read and API clients get) and
 * as data (`dishId`, `measure`, `portionSpread`); in English the server's words are shown as sent, in
 * every other language the row is written from the data. A row stored before the data was added, or a
 * dish this build does not know, shows the English text.
 */
type Row = Pick<SourcedNutritionItem, 'name' | 'quantity' | 'grams'> & Partial<SourcedNutritionItem>;

/** "Roti (chapati)". */
export function dishName(i18n: I18n, row: Row): string {
  const name = !isEnglish(i18n) && row.dishId ? DISH_NAMES[row.dishId] : undefined;
  return name ? i18n._(name) : row.name;
}

/** "2 × 1 medium roti (40 g)", "1 × bowl (150 g)", "150 g". */
export function amountText(i18n: I18n, row: Row): string {
  if (isEnglish(i18n) || !row.dishId) return row.quantity;
  if (!row.measure) {
    const grams = row.grams;
    return i18n._(msg`${grams} g`);
  }
  const measure = MEASURES[row.measure.unit];
  if (!measure) return row.quantity;
  const count = row.measure.count;
  const portion = i18n._(measure);
  const grams = row.measure.unitGrams;
  return i18n._(msg`${count} × ${portion} (${grams} g)`);
}

/** "portion read from a photo: ±25 % (assumed)". */
export function portionNoteText(i18n: I18n, row: Row): string | undefined {
  if (isEnglish(i18n) || row.portionSpread === undefined) return row.portionNote;
  const spread = Math.round(row.portionSpread * 100);
  return i18n._(msg`portion read from a photo: ±${spread} % (assumed)`);
}

/** The dishes' names (the server's dishes-data.ts), keyed by the contracts' ids. */
const DISH_NAMES: Record<NutritionDishId, MessageDescriptor> = {
  'roti-chapati': msg({ context: 'dish', message: 'Roti (chapati)' }),
  'paratha-plain': msg({ context: 'dish', message: 'Paratha (plain)' }),
  'aloo-paratha': msg({ context: 'dish', message: 'Aloo paratha' }),
  puri: msg({ context: 'dish', message: 'Puri' }),
  naan: msg({ context: 'dish', message: 'Naan' }),
  bhatura: msg({ context: 'dish', message: 'Bhatura' }),
  thepla: msg({ context: 'dish', message: 'Thepla' }),
  'bajra-roti': msg({ context: 'dish', message: 'Bajra roti' }),
  'jowar-roti': msg({ context: 'dish', message: 'Jowar roti' }),
  'bread-white': msg({ context: 'dish', message: 'Bread (white)' }),
  'brown-bread': msg({ context: 'dish', message: 'Brown bread' }),
  'steamed-rice': msg({ context: 'dish', message: 'Steamed rice' }),
  'jeera-rice': msg({ context: 'dish', message: 'Jeera rice' }),
  'vegetable-pulao': msg({ context: 'dish', message: 'Vegetable pulao' }),
  'chicken-biryani': msg({ context: 'dish', message: 'Chicken biryani' }),
  'vegetable-biryani': msg({ context: 'dish', message: 'Vegetable biryani' }),
  'lemon-rice': msg({ context: 'dish', message: 'Lemon rice' }),
  'curd-rice': msg({ context: 'dish', message: 'Curd rice' }),
  khichdi: msg({ context: 'dish', message: 'Khichdi' }),
  pongal: msg({ context: 'dish', message: 'Pongal' }),
  poha: msg({ context: 'dish', message: 'Poha' }),
  upma: msg({ context: 'dish', message: 'Upma' }),
  'sabudana-khichdi': msg({ context: 'dish', message: 'Sabudana khichdi' }),
  'oats-porridge': msg({ context: 'dish', message: 'Oats porridge' }),
  'cornflakes-with-milk': msg({ context: 'dish', message: 'Cornflakes with milk' }),
  'ragi-mudde': msg({ context: 'dish', message: 'Ragi mudde' }),
  idli: msg({ context: 'dish', message: 'Idli' }),
  'plain-dosa': msg({ context: 'dish', message: 'Plain dosa' }),
  'masala-dosa': msg({ context: 'dish', message: 'Masala dosa' }),
  'rava-dosa': msg({ context: 'dish', message: 'Rava dosa' }),
  uttapam: msg({ context: 'dish', message: 'Uttapam' }),
  'medu-vada': msg({ context: 'dish', message: 'Medu vada' }),
  appam: msg({ context: 'dish', message: 'Appam' }),
  puttu: msg({ context: 'dish', message: 'Puttu' }),
  sambar: msg({ context: 'dish', message: 'Sambar' }),
  rasam: msg({ context: 'dish', message: 'Rasam' }),
  'coconut-chutney': msg({ context: 'dish', message: 'Coconut chutney' }),
  'dal-toor-cooked': msg({ context: 'dish', message: 'Dal (toor, cooked)' }),
  'dal-tadka': msg({ context: 'dish', message: 'Dal tadka' }),
  'dal-makhani': msg({ context: 'dish', message: 'Dal makhani' }),
  'moong-dal-cooked': msg({ context: 'dish', message: 'Moong dal (cooked)' }),
  'masoor-dal-cooked': msg({ context: 'dish', message: 'Masoor dal (cooked)' }),
  'chana-masala': msg({ context: 'dish', message: 'Chana masala' }),
  'rajma-curry': msg({ context: 'dish', message: 'Rajma curry' }),
  kadhi: msg({ context: 'dish', message: 'Kadhi' }),
  'sprouts-salad': msg({ context: 'dish', message: 'Sprouts salad' }),
  'palak-paneer': msg({ context: 'dish', message: 'Palak paneer' }),
  'paneer-butter-masala': msg({ context: 'dish', message: 'Paneer butter masala' }),
  'matar-paneer': msg({ context: 'dish', message: 'Matar paneer' }),
  'shahi-paneer': msg({ context: 'dish', message: 'Shahi paneer' }),
  'paneer-raw': msg({ context: 'dish', message: 'Paneer (raw)' }),
  'aloo-gobi': msg({ context: 'dish', message: 'Aloo gobi' }),
  'aloo-sabzi': msg({ context: 'dish', message: 'Aloo sabzi' }),
  'bhindi-masala': msg({ context: 'dish', message: 'Bhindi masala' }),
  'baingan-bharta': msg({ context: 'dish', message: 'Baingan bharta' }),
  'mixed-vegetable-curry': msg({ context: 'dish', message: 'Mixed vegetable curry' }),
  'cabbage-poriyal': msg({ context: 'dish', message: 'Cabbage poriyal' }),
  avial: msg({ context: 'dish', message: 'Avial' }),
  'cucumber-salad': msg({ context: 'dish', message: 'Cucumber salad' }),
  'chicken-curry': msg({ context: 'dish', message: 'Chicken curry' }),
  'butter-chicken': msg({ context: 'dish', message: 'Butter chicken' }),
  'chicken-tikka': msg({ context: 'dish', message: 'Chicken tikka' }),
  'mutton-curry': msg({ context: 'dish', message: 'Mutton curry' }),
  'fish-curry': msg({ context: 'dish', message: 'Fish curry' }),
  'fried-fish': msg({ context: 'dish', message: 'Fried fish' }),
  'egg-curry': msg({ context: 'dish', message: 'Egg curry' }),
  'boiled-egg': msg({ context: 'dish', message: 'Boiled egg' }),
  omelette: msg({ context: 'dish', message: 'Omelette' }),
  'curd-dahi': msg({ context: 'dish', message: 'Curd (dahi)' }),
  raita: msg({ context: 'dish', message: 'Raita' }),
  buttermilk: msg({ context: 'dish', message: 'Buttermilk' }),
  'lassi-sweet': msg({ context: 'dish', message: 'Lassi (sweet)' }),
  'milk-toned': msg({ context: 'dish', message: 'Milk (toned)' }),
  'tea-with-milk-and-sugar': msg({ context: 'dish', message: 'Tea with milk and sugar' }),
  'coffee-with-milk-and-sugar': msg({ context: 'dish', message: 'Coffee with milk and sugar' }),
  ghee: msg({ context: 'dish', message: 'Ghee' }),
  butter: msg({ context: 'dish', message: 'Butter' }),
  samosa: msg({ context: 'dish', message: 'Samosa' }),
  pakora: msg({ context: 'dish', message: 'Pakora' }),
  dhokla: msg({ context: 'dish', message: 'Dhokla' }),
  'pav-bhaji': msg({ context: 'dish', message: 'Pav bhaji' }),
  'vada-pav': msg({ context: 'dish', message: 'Vada pav' }),
  'misal-pav': msg({ context: 'dish', message: 'Misal pav' }),
  'pani-puri': msg({ context: 'dish', message: 'Pani puri' }),
  'bhel-puri': msg({ context: 'dish', message: 'Bhel puri' }),
  kachori: msg({ context: 'dish', message: 'Kachori' }),
  'aloo-tikki': msg({ context: 'dish', message: 'Aloo tikki' }),
  'momos-vegetable-steamed': msg({ context: 'dish', message: 'Momos (vegetable, steamed)' }),
  'maggi-style-instant-noodles': msg({ context: 'dish', message: 'Maggi-style instant noodles' }),
  chowmein: msg({ context: 'dish', message: 'Chowmein' }),
  'sandwich-vegetable': msg({ context: 'dish', message: 'Sandwich (vegetable)' }),
  'papad-roasted': msg({ context: 'dish', message: 'Papad (roasted)' }),
  'pickle-mango': msg({ context: 'dish', message: 'Pickle (mango)' }),
  'gulab-jamun': msg({ context: 'dish', message: 'Gulab jamun' }),
  rasgulla: msg({ context: 'dish', message: 'Rasgulla' }),
  jalebi: msg({ context: 'dish', message: 'Jalebi' }),
  kheer: msg({ context: 'dish', message: 'Kheer' }),
  'halwa-sooji': msg({ context: 'dish', message: 'Halwa (sooji)' }),
  'gajar-halwa': msg({ context: 'dish', message: 'Gajar halwa' }),
  'ladoo-besan': msg({ context: 'dish', message: 'Ladoo (besan)' }),
  barfi: msg({ context: 'dish', message: 'Barfi' }),
  banana: msg({ context: 'dish', message: 'Banana' }),
  apple: msg({ context: 'dish', message: 'Apple' }),
  mango: msg({ context: 'dish', message: 'Mango' }),
  papaya: msg({ context: 'dish', message: 'Papaya' }),
  guava: msg({ context: 'dish', message: 'Guava' }),
  orange: msg({ context: 'dish', message: 'Orange' }),
  grapes: msg({ context: 'dish', message: 'Grapes' }),
  watermelon: msg({ context: 'dish', message: 'Watermelon' }),
  'peanuts-roasted': msg({ context: 'dish', message: 'Peanuts (roasted)' }),
  almonds: msg({ context: 'dish', message: 'Almonds' }),
  cashews: msg({ context: 'dish', message: 'Cashews' }),
};

/** The household measures: a dish's standard portion, or a measure typed with it. */
const MEASURES: Record<NutritionMeasure, MessageDescriptor> = {
  '1-medium-roti': msg({ context: 'household measure', message: '1 medium roti' }),
  '1-paratha': msg({ context: 'household measure', message: '1 paratha' }),
  '1-puri': msg({ context: 'household measure', message: '1 puri' }),
  '1-naan': msg({ context: 'household measure', message: '1 naan' }),
  '1-bhatura': msg({ context: 'household measure', message: '1 bhatura' }),
  '1-thepla': msg({ context: 'household measure', message: '1 thepla' }),
  '1-roti': msg({ context: 'household measure', message: '1 roti' }),
  '1-slice': msg({ context: 'household measure', message: '1 slice' }),
  '1-katori-cooked': msg({ context: 'household measure', message: '1 katori (cooked)' }),
  '1-katori': msg({ context: 'household measure', message: '1 katori' }),
  '1-plate': msg({ context: 'household measure', message: '1 plate' }),
  '1-bowl': msg({ context: 'household measure', message: '1 bowl' }),
  '1-ball': msg({ context: 'household measure', message: '1 ball' }),
  '1-idli': msg({ context: 'household measure', message: '1 idli' }),
  '1-dosa': msg({ context: 'household measure', message: '1 dosa' }),
  '1-masala-dosa': msg({ context: 'household measure', message: '1 masala dosa' }),
  '1-uttapam': msg({ context: 'household measure', message: '1 uttapam' }),
  '1-vada': msg({ context: 'household measure', message: '1 vada' }),
  '1-appam': msg({ context: 'household measure', message: '1 appam' }),
  '1-piece': msg({ context: 'household measure', message: '1 piece' }),
  '2-tablespoons': msg({ context: 'household measure', message: '2 tablespoons' }),
  '100-g': msg({ context: 'household measure', message: '100 g' }),
  '6-pieces': msg({ context: 'household measure', message: '6 pieces' }),
  '1-katori-2-eggs': msg({ context: 'household measure', message: '1 katori (2 eggs)' }),
  '1-egg': msg({ context: 'household measure', message: '1 egg' }),
  '1-two-egg-omelette': msg({ context: 'household measure', message: '1 two-egg omelette' }),
  '1-glass': msg({ context: 'household measure', message: '1 glass' }),
  '1-cup': msg({ context: 'household measure', message: '1 cup' }),
  '1-teaspoon': msg({ context: 'household measure', message: '1 teaspoon' }),
  '1-samosa': msg({ context: 'household measure', message: '1 samosa' }),
  '2-pieces': msg({ context: 'household measure', message: '2 pieces' }),
  '1-plate-2-pav': msg({ context: 'household measure', message: '1 plate (2 pav)' }),
  '1-vada-pav': msg({ context: 'household measure', message: '1 vada pav' }),
  '1-kachori': msg({ context: 'household measure', message: '1 kachori' }),
  '1-tikki': msg({ context: 'household measure', message: '1 tikki' }),
  '1-packet-cooked': msg({ context: 'household measure', message: '1 packet (cooked)' }),
  '1-sandwich': msg({ context: 'household measure', message: '1 sandwich' }),
  '1-papad': msg({ context: 'household measure', message: '1 papad' }),
  '1-ladoo': msg({ context: 'household measure', message: '1 ladoo' }),
  '1-medium-banana': msg({ context: 'household measure', message: '1 medium banana' }),
  '1-medium-apple': msg({ context: 'household measure', message: '1 medium apple' }),
  '1-guava': msg({ context: 'household measure', message: '1 guava' }),
  '1-orange': msg({ context: 'household measure', message: '1 orange' }),
  '1-handful': msg({ context: 'household measure', message: '1 handful' }),
  '10-almonds': msg({ context: 'household measure', message: '10 almonds' }),
  '10-cashews': msg({ context: 'household measure', message: '10 cashews' }),
  katori: msg({ context: 'household measure', message: 'katori' }),
  bowl: msg({ context: 'household measure', message: 'bowl' }),
  cup: msg({ context: 'household measure', message: 'cup' }),
  plate: msg({ context: 'household measure', message: 'plate' }),
  glass: msg({ context: 'household measure', message: 'glass' }),
  tablespoon: msg({ context: 'household measure', message: 'tablespoon' }),
  teaspoon: msg({ context: 'household measure', message: 'teaspoon' }),
};
