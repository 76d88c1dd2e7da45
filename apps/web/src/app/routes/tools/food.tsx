import { useLingui } from '@lingui/react/macro';
import { FoodTool } from '@/features/food/components/food-tool';

export function FoodRoute() {
  const { t } = useLingui();
  return (
    <FoodTool
      config={{
        kind: 'recipe',
        title: t`AI Recipe Studio`,
        subtitle: t`Name a dish or photograph it: ingredients, steps, time, servings and nutrition per serving.`,
        placeholder: t`e.g. paneer butter masala for four`,
        submitLabel: t`Get Recipe`,
        loadingLabel: t`Cooking up your recipe`,
        resetLabel: t`Get Another Recipe`,
        tableTitle: t`Nutrition per serving (where ingredients map to the tables)`,
        disclaimer: t`Food safety: cook meat, fish and eggs thoroughly and refrigerate leftovers within two hours. Sangam aims for accuracy but isn’t perfect.`,
        messages: {
          noOutput: t`Recipe information could not be retrieved at this moment.`,
          failed: t`Unable to analyze the food at this moment. Please try again later.`,
        },
      }}
    />
  );
}
