import { useLingui } from '@lingui/react/macro';
import { FoodTool } from '@/features/food/components/food-tool';

export function CalorieRoute() {
  const { t } = useLingui();
  return (
    <FoodTool
      config={{
        kind: 'calorie',
        title: t`Smart Calorie Counter`,
        subtitle: t`Calories and nutrients of Indian meals, computed from the Indian Food Composition Tables 2017 (National Institute of Nutrition).`,
        placeholder: t`e.g. 2 rotis and a bowl of dal`,
        submitLabel: t`Analyze Calories`,
        loadingLabel: t`Analyzing your food`,
        resetLabel: t`Analyze Another Food`,
        tableTitle: t`Nutrition (Indian Food Composition Tables 2017)`,
        highlightCalories: true,
        disclaimer: t`For educational purposes only: not medical or dietary advice. Sangam aims for accuracy but isn’t perfect, so double-check important information.`,
        messages: {
          noOutput: t`Calorie information could not be retrieved at this moment.`,
          failed: t`Calorie information could not be retrieved.`,
        },
      }}
    />
  );
}
