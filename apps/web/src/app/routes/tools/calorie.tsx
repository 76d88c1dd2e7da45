import { FoodTool } from '@/features/food/food-tool';

export function CalorieRoute() {
  return (
    <FoodTool
      config={{
        title: 'Smart Calorie Counter',
        subtitle:
          'Calories and nutrients of Indian meals, computed from the Indian Food Composition Tables 2017 (National Institute of Nutrition).',
        placeholder: 'e.g. 2 rotis and a bowl of dal',
        prefix: 'CAL:,',
        requestIdPrefix: 'calorie_analysis_',
        defaultText: 'Analyze this food image and provide detailed calorie and nutrition information.',
        submitLabel: 'Analyze Calories',
        loadingLabel: 'Analyzing your food',
        resetLabel: 'Analyze Another Food',
        msPerChar: 25,
        tableTitle: 'Nutrition (Indian Food Composition Tables 2017)',
        highlight: /\b\d[\d,.]*\s?cal\b/gi,
        disclaimer:
          'For educational purposes only: not medical or dietary advice. Sangam aims for accuracy but isn’t perfect, so double-check important information.',
        messages: {
          noOutput: 'Calorie information could not be retrieved at this moment.',
          error: (message) => `Calorie information could not be retrieved. Error: ${message}`,
          unavailable: 'Unable to analyze the nutritional content at this moment. Please try again later.',
        },
      }}
    />
  );
}
