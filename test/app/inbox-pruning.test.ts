/** The hourly pruning forgets handled updates after a day and poll counts after two minutes. */
import { describe, expect, it } from 'vitest';
import { pruneInbox } from '../../src/app/inbox-pruning.js';

describe('pruneInbox', () => {
  it('cuts each table at its own age, from the given time', async () => {
    const cuts: unknown[] = [];
    const store = {
      inbox: {
        prune: async (before: Date) => {
          cuts.push(before.toISOString());
          return 0;
        },
      },
      pollBudget: { prune: async (second: number) => void cuts.push(second) },
    };
    await pruneInbox(store, Date.parse('2026-11-28T12:00:00.500Z'));
    expect(cuts).toEqual(['2026-11-27T12:00:00.500Z', Date.parse('2026-11-28T11:58:00Z') / 1000]);
  });
});
