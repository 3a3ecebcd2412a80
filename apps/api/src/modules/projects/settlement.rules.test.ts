import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerMatchesOf, settlementLines, settlementOf, surplusOf, surplusUseOf, type EscrowFigures, type SettledProject } from './settlement.rules.ts';

const media = [
  { mediaId: 3, name: 'Gangnam screen', priceUnit: 'day' as const, price: 120, duration: 7 },
  { mediaId: 9, name: 'Subway spot', priceUnit: 'second' as const, price: 4, duration: 15 },
];
/** A limited project of goal 900 (840 + 60), raised by a 50 deposit and 850 of participations from three people. */
const project = (overrides: Partial<SettledProject> = {}): SettledProject => ({
  status: 'succeeded',
  purpose: 'limited',
  currency: 'orange',
  goal: 900,
  raised: 900,
  participantCount: 3,
  deposit: 50,
  media,
  ...overrides,
});
const escrow = (overrides: Partial<EscrowFigures> = {}): EscrowFigures => ({
  participations: 850,
  deposit: 50,
  participants: 3,
  returned: 0,
  forfeited: 0,
  consumed: 0,
  unclassified: 0,
  balance: 900,
  ...overrides,
});

describe('settlement rules (decision 107)', () => {
  it('a line is the frozen price × the duration; the media total their sum', () => {
    expect(settlementLines(media).map((line) => line.amount)).toEqual([840, 60]);
    expect(settlementOf(project(), escrow())).toMatchObject({ mediaTotal: 900, goal: 900, raised: 900, deposit: 50, participantCount: 3 });
  });

  it('a succeeded project holds its escrow until the ad starts; a running one spent it all', () => {
    expect(settlementOf(project(), escrow())).toMatchObject({ surplus: 0, surplusUse: 'none', returned: 0, forfeited: 0, ledgerMatches: true });
    expect(ledgerMatchesOf(project({ status: 'running' }), escrow({ consumed: 900, balance: 0 }))).toBe(true);
    expect(ledgerMatchesOf(project({ status: 'awarded' }), escrow({ consumed: 900, balance: 0 }))).toBe(true);
    // Running but never settled, or settled before the ad: the ledger does not match the status.
    expect(ledgerMatchesOf(project({ status: 'running' }), escrow())).toBe(false);
    expect(ledgerMatchesOf(project(), escrow({ consumed: 900, balance: 0 }))).toBe(false);
  });

  it('an ongoing project’s surplus above the goal becomes extra rewards; a limited one has no use for any', () => {
    const ongoing = settlementOf(project({ purpose: 'ongoing', raised: 1_000 }), escrow({ participations: 950, balance: 1_000 }));
    expect(ongoing).toMatchObject({ raised: 1_000, surplus: 100, surplusUse: 'extra_rewards', ledgerMatches: true });
    expect(surplusUseOf('limited', 100)).toBe('none');
    expect(surplusUseOf('ongoing', 0)).toBe('none');
  });

  it('a failed or cancelled project returned everything: to lots, or forfeited for a deleted account; no surplus is left', () => {
    for (const status of ['failed', 'cancelled'] as const) {
      const settled = settlementOf(project({ status, purpose: 'ongoing', raised: 1_000 }), escrow({ participations: 950, returned: 700, forfeited: 300, balance: 0 }));
      expect(settled).toMatchObject({ raised: 1_000, returned: 700, forfeited: 300, surplus: 0, surplusUse: 'none', ledgerMatches: true });
      // Returns not finished yet (or one lost): the escrow still holds points.
      expect(ledgerMatchesOf(project({ status }), escrow({ returned: 600, balance: 300 }))).toBe(false);
    }
  });

  it('does not match when the escrow disagrees with the project’s counters or with itself', () => {
    expect(ledgerMatchesOf(project(), escrow({ participations: 860, balance: 910 }))).toBe(false);
    expect(ledgerMatchesOf(project(), escrow({ participants: 4 }))).toBe(false);
    expect(ledgerMatchesOf(project(), escrow({ deposit: 40, participations: 860 }))).toBe(false);
    expect(ledgerMatchesOf(project({ deposit: null }), escrow())).toBe(false);
    expect(ledgerMatchesOf(project(), escrow({ unclassified: 10, balance: 910 }))).toBe(false);
    expect(ledgerMatchesOf(project(), escrow({ balance: 890 }))).toBe(false);
    // An event has no deposit.
    expect(ledgerMatchesOf(project({ deposit: null }), escrow({ deposit: 0, participations: 900 }))).toBe(true);
  });

  it('a project without an escrow account settles to zeros and matches only if nothing was raised', () => {
    expect(settlementOf(project({ status: 'failed', raised: 0, participantCount: 0, deposit: null }), null)).toMatchObject({ raised: 0, returned: 0, ledgerMatches: true });
    expect(settlementOf(project({ status: 'failed' }), null).ledgerMatches).toBe(false);
  });

  it('the surplus is never negative and never counts what went back', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.nat(100_000), fc.nat(100_000), (goal, raised, returned, forfeited) => {
        const surplus = surplusOf({ goal, raised, returned, forfeited });
        expect(surplus).toBeGreaterThanOrEqual(0);
        expect(surplus).toBe(Math.max(0, raised - returned - forfeited - goal));
      }),
    );
  });
});
