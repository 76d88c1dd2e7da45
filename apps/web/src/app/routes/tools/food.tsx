import { FoodTool } from '@/features/food/components/food-tool';

export function FoodRoute() {
  return (
    <FoodTool
      config={{
        kind: 'recipe',
        title: 'AI Recipe Studio',
        subtitle: 'Name a dish or photograph it: ingredients, steps, time, servings and nutrition per serving.',
        placeholder: 'e.g. paneer butter masala for four',
        submitLabel: 'Get Recipe',
        loadingLabel: 'Cooking up your recipe',
        resetLabel: 'Get Another Recipe',
        tableTitle: 'Nutrition per serving (where ingredients map to the tables)',
        disclaimer:
          'Food safety: cook meat, fish and eggs thoroughly and refrigerate leftovers within two hours. Sangam aims for accuracy but isn’t perfect.',
        messages: {
          noOutput: 'Recipe information could not be retrieved at this moment.',
          failed: 'Unable to analyze the food at this moment. Please try again later.',
        },
      }}
    />
  );
}
