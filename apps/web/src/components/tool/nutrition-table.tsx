import type { NutritionFacts } from '@sangam/contracts';
import { ScrollRegion } from '@/components/ui/scroll-region';

/** The computed nutrition (kcal, protein, fat, carbohydrate, fibre) with the IFCT 2017 credit. */
export function NutritionTable({ facts, title }: { facts: NutritionFacts; title: string }) {
  if (facts.items.length === 0) return null;
  return (
    <ScrollRegion className="card" label={title}>
      <h2 className="mb-3 text-lg font-semibold text-white">{title}</h2>
      <table className="w-full min-w-[520px] text-left text-sm" data-testid="nutrition-table">
        <thead className="text-slate-300">
          <tr>
            {['Food', 'Amount', 'kcal', 'Protein (g)', 'Fat (g)', 'Carbohydrate (g)', 'Fibre (g)'].map((h) => (
              <th key={h} scope="col" className="p-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {facts.items.map((i) => (
            <tr key={`${i.name}-${i.quantity}`} className="border-t border-white/5 text-slate-200">
              <td className="p-2 font-medium text-white">{i.name}</td>
              <td className="p-2">{i.quantity}</td>
              <td className="p-2">{i.kcal}</td>
              <td className="p-2">{i.protein}</td>
              <td className="p-2">{i.fat}</td>
              <td className="p-2">{i.carbohydrate}</td>
              <td className="p-2">{i.fibre}</td>
            </tr>
          ))}
          <tr className="border-t border-white/20 font-semibold text-emerald-200" data-testid="nutrition-total">
            <td className="p-2">{facts.servings ? `Per serving (of ${facts.servings})` : 'Total'}</td>
            <td className="p-2" />
            <td className="p-2">{facts.total.kcal}</td>
            <td className="p-2">{facts.total.protein}</td>
            <td className="p-2">{facts.total.fat}</td>
            <td className="p-2">{facts.total.carbohydrate}</td>
            <td className="p-2">{facts.total.fibre}</td>
          </tr>
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-400">Figures computed from the {facts.source}.</p>
    </ScrollRegion>
  );
}
