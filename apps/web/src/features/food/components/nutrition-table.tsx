import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { NutritionFacts, SourcedNutritionFacts, SourcedNutritionItem } from '@sangam/contracts';
import { Fragment, useState } from 'react';
import { HeadingRow } from '@/components/ui/heading-row';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { amountText, dishName, portionNoteText } from '@/features/food/nutrition-words';
import { ingredientBasis, ingredientName, sourceText, useRecipeCatalog, yieldNoteText } from '@/features/food/recipe-words';

const isSourced = (f: NutritionFacts | SourcedNutritionFacts): f is SourcedNutritionFacts => 'edition' in f;
const rangeText = (kcal: number, range?: [number, number]) => (range ? `${kcal} (${range[0]}–${range[1]})` : String(kcal));

/** Where a row's numbers come from, in a few words, with the estimate mark. */
function SourceCell({ item }: { item: SourcedNutritionItem }) {
  const { t, i18n } = useLingui();
  const label =
    item.sourceKind === 'ifct' ? `IFCT 2017 ${item.ifctCode ?? ''}` : item.sourceKind === 'ifct-recipe' ? t`IFCT 2017 recipe` : t`Estimate`;
  return (
    <span title={sourceText(i18n, item)} className={item.isEstimate ? 'font-medium text-amber-300' : 'text-slate-300'}>
      {label}
    </span>
  );
}

/**
 * Where the figures come from: the tables' published name and the package read, the rest of the line in
 * the reader's language (the server's whole line when it sent no edition).
 */
function SourceLine({ facts }: { facts: NutritionFacts | SourcedNutritionFacts }) {
  if (!isSourced(facts) || !facts.edition || !facts.dataPackage) {
    const source = facts.source;
    return <Trans>Figures computed from the {source}.</Trans>;
  }
  const { edition, dataPackage } = facts;
  return (
    <Trans>
      Figures computed from the {edition}, read from the npm package {dataPackage}.
    </Trans>
  );
}

/**
 * The recipe behind a row: raw ingredients scaled to the portion, their IFCT codes, and the cooking yield,
 * in the reader's language once the recipe catalog is in (recipe-words.ts).
 */
function RecipeRow({ item, id, isOpen }: { item: SourcedNutritionItem; id: string; isOpen: boolean }) {
  const { i18n } = useLingui();
  const r = item.recipe;
  if (!r) return null;
  const name = dishName(i18n, item);
  const { grams } = item;
  const { rawGrams } = r;
  const yieldNote = yieldNoteText(i18n, r);
  const source = sourceText(i18n, item);
  return (
    <tr id={id} hidden={!isOpen} className="bg-black/20 text-slate-300" data-testid="nutrition-recipe">
      <td colSpan={8} className="p-3">
        <p className="mb-2 text-xs">
          <Trans>
            {name}, {grams} g as eaten, from {rawGrams} g of raw ingredients; {yieldNote}.
          </Trans>
        </p>
        <ul className="grid gap-1 text-xs">
          {r.ingredients.map((i) => {
            const grams = i.grams;
            const ingredient = ingredientName(i18n, i);
            const basis = ingredientBasis(i18n, i);
            return (
              <li key={`${i.name}-${i.ifctCode ?? i.basis}`}>
                <Trans>
                  {grams} g {ingredient}: {basis}
                </Trans>
                {i.isEstimate && (
                  <span className="ml-1 text-amber-300">
                    <Trans>(estimate)</Trans>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-2 text-xs text-slate-400">
          <Trans>{source}.</Trans>
        </p>
      </td>
    </tr>
  );
}

/** The computed nutrition with the source of every row, estimates marked, ranges and the recipe behind each number. */
export function NutritionTable({ facts, title }: { facts: NutritionFacts | SourcedNutritionFacts; title: string }) {
  const { t, i18n } = useLingui();
  const [openRow, setOpenRow] = useState<number | null>(null);
  useRecipeCatalog();
  if (facts.items.length === 0) return null;
  const sourced = isSourced(facts) ? facts : undefined;
  const items = facts.items as Array<Partial<SourcedNutritionItem> & NutritionFacts['items'][number]>;
  const mismatched = sourced?.figures?.filter((f) => !f.isConsistent).length ?? 0;
  const headers = [
    t`Food`,
    t`Amount`,
    t`kcal`,
    t`Protein (g)`,
    t`Fat (g)`,
    t`Carbohydrate (g)`,
    t`Fibre (g)`,
    ...(sourced ? [t`Source`] : []),
  ];
  const servings = facts.servings;
  return (
    <ScrollRegion className="card" label={title}>
      <h2 className="mb-3 text-lg font-semibold text-white">{title}</h2>
      <table className="w-full min-w-[640px] text-left text-sm" data-testid="nutrition-table">
        <thead className="text-slate-300">
          <HeadingRow headings={headers} cellClassName="p-2" />
        </thead>
        <tbody>
          {items.map((i, n) => {
            const recipeId = `nutrition-recipe-${n}`;
            const isOpen = openRow === n;
            return (
              <Fragment key={`${i.name}-${i.quantity}`}>
                <tr className="border-t border-white/5 text-slate-200">
                  <td className="p-2 font-medium text-white">
                    {dishName(i18n, i)}
                    {i.isEstimate && (
                      <span className="ml-1 text-xs text-amber-300">
                        <Trans>(estimate)</Trans>
                      </span>
                    )}
                    {i.recipe && (
                      <button
                        type="button"
                        className="ml-2 text-xs text-neon-cyan underline"
                        aria-expanded={isOpen}
                        aria-controls={recipeId}
                        onClick={() => setOpenRow(isOpen ? null : n)}
                      >
                        {isOpen ? t`Hide recipe` : t`Show recipe`}
                      </button>
                    )}
                  </td>
                  <td className="p-2">
                    {amountText(i18n, i)}
                    {i.portionNote && <span className="block text-xs text-slate-400">{portionNoteText(i18n, i)}</span>}
                  </td>
                  <td className="p-2">{rangeText(i.kcal, i.kcalRange)}</td>
                  <td className="p-2">{i.protein}</td>
                  <td className="p-2">{i.fat}</td>
                  <td className="p-2">{i.carbohydrate}</td>
                  <td className="p-2">{i.fibre}</td>
                  {sourced && <td className="p-2">{i.sourceKind && <SourceCell item={i as SourcedNutritionItem} />}</td>}
                </tr>
                <RecipeRow item={i as SourcedNutritionItem} id={recipeId} isOpen={isOpen} />
              </Fragment>
            );
          })}
          <tr className="border-t border-white/20 font-semibold text-emerald-200" data-testid="nutrition-total">
            <td className="p-2">{servings ? t`Per serving (of ${servings})` : t`Total`}</td>
            <td className="p-2" />
            <td className="p-2">{rangeText(facts.total.kcal, sourced?.totalKcalRange)}</td>
            <td className="p-2">{facts.total.protein}</td>
            <td className="p-2">{facts.total.fat}</td>
            <td className="p-2">{facts.total.carbohydrate}</td>
            <td className="p-2">{facts.total.fibre}</td>
            {sourced && <td className="p-2" />}
          </tr>
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-400" data-testid="nutrition-source">
        <SourceLine facts={facts} />
      </p>
      {sourced && (
        <p className="mt-1 text-xs text-slate-400">
          <Trans>
            Cooked dishes are recipes of IFCT foods with standard yield factors (assumed). Energy of oils and fats is computed from their
            fat at 9 kcal/g (Atwater), as the package gives 0 kJ for them.
          </Trans>
          {sourced.hasEstimates && ` ${t`Rows marked estimate use foods the tables do not list; open the recipe to see which.`}`}
          {sourced.totalKcalRange && ` ${t`Ranges: portions read from a photo are uncertain.`}`}
        </p>
      )}
      {mismatched > 0 && (
        <p className="mt-1 text-xs text-amber-300" data-testid="nutrition-mismatch">
          <Plural
            value={mismatched}
            one="# figure in the answer did not match this table and is marked there."
            other="# figures in the answer did not match this table and are marked there."
          />
        </p>
      )}
    </ScrollRegion>
  );
}
