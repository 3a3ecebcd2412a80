import type { ProjectSettlement, SettlementLine } from '@orchard/shared';
import type { ClosedStatus, SurplusUse } from '@orchard/shared/settlement-rules';
import type { EscrowMovements } from '../points/points.service.ts';

/**
 * The settlement's arithmetic (docs/product.md#funding-close, decision 107), pure: the figures of a
 * closed project from its escrow's movements and the media its request froze, and whether the
 * escrow adds up to them and to the project's own counters.
 */

/**
 * A project's escrow account summed by what moved it (the points service's `escrowMovementsOf`): in,
 * the participations and the deposit from `participants` people; out, the returns to lots, the
 * forfeited returns and the settlement spent on the ad; legs of no known kind; the balance.
 */
export type EscrowFigures = Pick<EscrowMovements, 'participations' | 'deposit' | 'participants' | 'returned' | 'forfeited' | 'consumed' | 'unclassified' | 'balance'>;

/** What the projects module keeps of the project: its counters (kept beside each participation) and its frozen media. */
export type SettledProject = {
  status: ClosedStatus;
  purpose: 'limited' | 'ongoing';
  currency: 'orange' | 'berry';
  goal: number;
  /** The counters on the project's row. */
  raised: number;
  participantCount: number;
  /** The deposit the creation recorded; null for an event. */
  deposit: number | null;
  media: readonly Omit<SettlementLine, 'amount'>[];
};

const noEscrow: EscrowFigures = { participations: 0, deposit: 0, participants: 0, returned: 0, forfeited: 0, consumed: 0, unclassified: 0, balance: 0 };

/** One line per booked medium: its frozen price × its duration. */
export function settlementLines(media: SettledProject['media']): SettlementLine[] {
  return media.map((medium) => ({ ...medium, amount: medium.price * medium.duration }));
}

/** Points kept above the goal once the returns are out: what was raised less what went back. */
export function surplusOf(input: { goal: number; raised: number; returned: number; forfeited: number }): number {
  return Math.max(0, input.raised - input.returned - input.forfeited - input.goal);
}

/** An ongoing project's surplus becomes extra rewards (docs/product.md#limited-and-ongoing); nothing else has a use. */
export function surplusUseOf(purpose: SettledProject['purpose'], surplus: number): SurplusUse {
  return purpose === 'ongoing' && surplus > 0 ? 'extra_rewards' : 'none';
}

/**
 * What the escrow must hold, and what must have left it, after a close in this status:
 * - succeeded: everything, until the ad starts (an operator may still cancel it);
 * - running or awarded: nothing; all of it was spent on the ad (decision 055), nothing returned;
 * - failed or cancelled: nothing; all of it went back (to lots, or forfeited), nothing spent.
 */
function expectedAfterClose(status: ClosedStatus, inflow: number): { balance: number; consumed: number; returnedAll: boolean } {
  switch (status) {
    case 'succeeded':
      return { balance: inflow, consumed: 0, returnedAll: false };
    case 'running':
    case 'awarded':
      return { balance: 0, consumed: inflow, returnedAll: false };
    case 'failed':
    case 'cancelled':
      return { balance: 0, consumed: 0, returnedAll: true };
  }
}

/**
 * Whether the escrow adds up: inflows (participations + deposit) equal the project's raised counter,
 * the deposit the creation recorded and the people its participant counter; nothing of an unknown
 * kind moved it; inflows less outflows (returned + forfeited + spent on the ad) equal its balance;
 * and the balance and outflows are what the status leaves (`expectedAfterClose`).
 */
export function ledgerMatchesOf(project: Pick<SettledProject, 'status' | 'raised' | 'participantCount' | 'deposit'>, escrow: EscrowFigures): boolean {
  const inflow = escrow.participations + escrow.deposit;
  const outflow = escrow.returned + escrow.forfeited + escrow.consumed;
  const expected = expectedAfterClose(project.status, inflow);
  const returnedOut = escrow.returned + escrow.forfeited;
  return (
    inflow === project.raised &&
    escrow.deposit === (project.deposit ?? 0) &&
    escrow.participants === project.participantCount &&
    escrow.unclassified === 0 &&
    inflow - outflow === escrow.balance &&
    escrow.balance === expected.balance &&
    escrow.consumed === expected.consumed &&
    returnedOut === (expected.returnedAll ? inflow : 0)
  );
}

/** The settlement of a closed project: every figure from the escrow and the frozen media, none from what anyone typed. */
export function settlementOf(project: SettledProject, escrow: EscrowFigures | null): ProjectSettlement {
  const figures = escrow ?? noEscrow;
  const lines = settlementLines(project.media);
  const raised = figures.participations + figures.deposit;
  const surplus = surplusOf({ goal: project.goal, raised, returned: figures.returned, forfeited: figures.forfeited });
  return {
    status: project.status,
    currency: project.currency,
    goal: project.goal,
    raised,
    participantCount: figures.participants,
    deposit: figures.deposit,
    lines,
    mediaTotal: lines.reduce((total, line) => total + line.amount, 0),
    surplus,
    surplusUse: surplusUseOf(project.purpose, surplus),
    returned: figures.returned,
    forfeited: figures.forfeited,
    ledgerMatches: ledgerMatchesOf(project, figures),
  };
}
