import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '@/lib/group-commit';

/** A group commit whose writes the test ends by hand, recording each batch. */
function recorded(maxBatch?: number) {
  const batches: string[][] = [];
  const ends: Array<() => void> = [];
  const commit = createGroupCommit<string>({
    maxBatch,
    write: (batch) => {
      batches.push(batch);
      return new Promise<void>((done) => ends.push(done));
    },
  });
  return { commit, batches, ends };
}

describe('createGroupCommit', () => {
  it('writes what is added in one turn together, and what comes during a write in the next batch', async () => {
    const { commit, batches, ends } = recorded();
    commit.add('नमस्ते');
    commit.add('வணக்கம்');
    expect(batches).toEqual([]);
    await nextTurn();
    expect(batches).toEqual([['नमस्ते', 'வணக்கம்']]);
    commit.add('🙏');
    commit.add('c');
    await nextTurn();
    expect(batches).toHaveLength(1);
    ends[0]?.();
    await nextTurn();
    expect(batches).toEqual([
      ['नमस्ते', 'வணக்கம்'],
      ['🙏', 'c'],
    ]);
    ends[1]?.();
  });

  it('puts at most maxBatch items in one write, the rest in the writes after', async () => {
    const { commit, batches, ends } = recorded(2);
    for (const item of ['a', 'b', 'c', 'd', 'e']) commit.add(item);
    await nextTurn();
    ends[0]?.();
    await nextTurn();
    ends[1]?.();
    await nextTurn();
    expect(batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    ends[2]?.();
  });

  it('drain writes what waits at once and resolves when every write has ended', async () => {
    const { commit, batches, ends } = recorded();
    commit.add('a');
    let drained = false;
    const draining = commit.drain().then(() => {
      drained = true;
    });
    expect(batches).toEqual([['a']]);
    commit.add('b');
    ends[0]?.();
    await nextTurn();
    expect(drained).toBe(false);
    expect(batches).toEqual([['a'], ['b']]);
    ends[1]?.();
    await draining;
    expect(drained).toBe(true);
  });
});
