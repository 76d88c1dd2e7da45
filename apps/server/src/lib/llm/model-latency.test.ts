import { describe, expect, it } from 'vitest';
import { createModelLatency } from '@/lib/llm/model-latency';

describe('model latency', () => {
  it('orders slowest first by a weighted mean of recent calls; unmeasured first, ties in their order', () => {
    const latency = createModelLatency();
    latency.record('fast', 10);
    latency.record('slow', 200);
    latency.record('mid', 50);
    expect(latency.slowestFirst(['fast', 'mid', 'new', 'slow', 'twin'], (id) => id)).toEqual(['new', 'twin', 'slow', 'mid', 'fast']);
    // One slow call moves a fast model by a fifth of the difference, not all of it.
    latency.record('fast', 110);
    expect(latency.expected('fast')).toBe(30);
    latency.record('mid', 30);
    expect(latency.slowestFirst(['fast', 'mid'], (id) => id)).toEqual(['mid', 'fast']);
    for (let i = 0; i < 3; i += 1) latency.record('mid', 10);
    expect(latency.slowestFirst(['mid', 'fast'], (id) => id)).toEqual(['fast', 'mid']);
  });
});
