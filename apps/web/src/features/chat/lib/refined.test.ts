import { describe, expect, it } from 'vitest';
import { neonFor, orderRefined } from '@/features/chat/lib/refined';
import { safeUrl } from '@/lib/safe-url';

describe('chat logic', () => {
  it('orders refined prompts by rank, trims, drops empty and duplicate ones, keeps four', () => {
    expect(orderRefined(['b', ' a ', '', 'a', 'c', 'd', 'e'], [2, 1, 3, 4, 5, 6, 7])).toEqual(['a', 'b', 'c', 'd']);
  });
  it('keeps only http, https and mailto links', () => {
    expect(safeUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeUrl('mailto:a@b.co')).toBe('mailto:a@b.co');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,hi')).toBe('');
  });
  it('cycles neon colours green, purple, pink, blue', () => {
    expect([0, 1, 2, 3, 4].map(neonFor)).toEqual(['green', 'purple', 'pink', 'blue', 'green']);
  });
});
