import { describe, expect, it } from 'vitest';
import { manualClock } from '@/lib/clock';
import { createCircuitBreaker } from '@/lib/llm/circuit-breaker';

describe('circuit breaker', () => {
  it('opens after repeated failures, lets one probe through after the cooldown, and closes on success', () => {
    const clock = manualClock(0);
    const b = createCircuitBreaker({ clock, threshold: 3, cooldownMs: 1000 });
    for (let i = 0; i < 3; i += 1) {
      expect(b.canCall('m')).toBe(true);
      b.failure('m');
    }
    expect(b.state('m')).toBe('open');
    expect(b.canCall('m')).toBe(false);
    clock.advance(1000);
    expect(b.canCall('m')).toBe(true);
    expect(b.canCall('m')).toBe(false);
    b.failure('m');
    expect(b.state('m')).toBe('open');
    clock.advance(1000);
    expect(b.canCall('m')).toBe(true);
    b.success('m');
    expect(b.state('m')).toBe('closed');
    expect(b.canCall('m')).toBe(true);
  });
});
