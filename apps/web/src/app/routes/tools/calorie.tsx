import { FoodTool } from '@/features/food/components/food-tool';

export function CalorieRoute() {
  return (
    <FoodTool
      config={{
        kind: 'calorie',
        title: 'Smart Calorie Counter',
        subtitle:
          'Calories and nutrients of Indian meals, computed from the Indian Food Composition Tables 2017 (National Institute of Nutrition).',
        placeholder: 'e.g. 2 rotis and a bowl of dal',
        submitLabel: 'Analyze Calories',
        loadingLabel: 'Analyzing your food',
        resetLabel: 'Analyze Another Food',
        tableTitle: 'Nutrition (Indian Food Composition Tables 2017)',
        highlightCalories: true,
        disclaimer:
          'For educational purposes only: not medical or dietary advice. Sangam aims for accuracy but isn’t perfect, so double-check important information.',
        messages: {
          noOutput: 'Calorie information could not be retrieved at this moment.',
          failed: 'Calorie information could not be retrieved.',
        },
      }}
    />
  );
}
