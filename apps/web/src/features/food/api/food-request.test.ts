import { describe, expect, it } from 'vitest';
import { foodRequest } from '@/features/food/api/food-request';

describe('foodRequest', () => {
  const photo = new Blob([new Uint8Array([1])], { type: 'image/png' });

  it('a photo and no text is the bare calorie prefix with the photo (the server words the request)', () => {
    expect(foodRequest({ kind: 'calorie', text: '  ', image: photo })).toEqual({
      prompt: 'CAL:,',
      requestIdPrefix: 'calorie_analysis_',
      image: photo,
    });
  });

  it('text follows the prefixes of docs/spec-rules.md §7', () => {
    expect(foodRequest({ kind: 'calorie', text: ' 2 rotis ', image: null }).prompt).toBe('CAL:,2 rotis');
    expect(foodRequest({ kind: 'recipe', text: 'poha', image: null })).toMatchObject({
      prompt: 'REP: poha',
      requestIdPrefix: 'food_recipe_',
    });
  });
});
