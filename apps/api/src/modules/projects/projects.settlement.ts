import type { Language, ProjectSettlement } from '@orchard/shared';
import { hasSettlement } from '@orchard/shared/settlement-rules';
import type { Db } from '../../db/client.ts';
import { csvDocument } from '../../lib/csv.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { PointsService } from '../points/points.service.ts';
import { notClosed, projectNotFound } from './projects.errors.ts';
import { depositLedgerKey } from './projects.lifecycle.ts';
import { isShownTo, type ProjectPresenter } from './projects.presenter.ts';
import { settlementOf } from './settlement.rules.ts';

/**
 * A closed project's settlement (docs/product.md#funding-close, decision 107): the figures of
 * settlement.rules.ts from the escrow's movements, which the points service sums, and the media
 * the request froze, which the project view carries. Both are read in one snapshot, so an ad start
 * or a chunk of returns committing between the two reads cannot make the ledger look off.
 */
export function createProjectSettlement({
  db,
  points,
  presenter,
}: {
  db: Db;
  points: Pick<PointsService, 'escrowMovementsOf'>;
  presenter: Pick<ProjectPresenter, 'presentOne'>;
}) {
  return {
    /**
     * Public once the project has closed. Before that 409 `projects.not_closed`; a request before
     * creation answers so only to its creator and operators, 404 to anyone else, as its page does.
     */
    settlementOf: (projectId: number, viewer: Viewer, language: Language): Promise<ProjectSettlement> =>
      db.transaction(
        async (tx) => {
          const project = await presenter.presentOne(projectId, viewer, language, tx);
          if (!isShownTo(project, viewer)) throw projectNotFound();
          if (!hasSettlement(project)) throw notClosed(project.status);
          const escrow = await points.escrowMovementsOf(projectId, { depositKey: depositLedgerKey(projectId) }, tx);
          return settlementOf(
            {
              status: project.status,
              purpose: project.purpose,
              currency: project.currency,
              goal: project.goal,
              raised: project.raised,
              participantCount: project.participantCount,
              deposit: project.deposit,
              media: project.media.map(({ mediaId, name, priceUnit, price, duration }) => ({ mediaId, name, priceUnit, price, duration })),
            },
            escrow,
          );
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
  };
}

const csvHeader = ['line', 'mediaId', 'name', 'priceUnit', 'price', 'duration', 'amount'] as const;
const csvFigures = ['mediaTotal', 'status', 'currency', 'goal', 'raised', 'participantCount', 'deposit', 'surplus', 'surplusUse', 'returned', 'forfeited', 'ledgerMatches'] as const;

/**
 * The settlement as a spreadsheet (lib/csv.ts: BOM, CRLF, formula cells defused): one row per
 * medium, then one per figure, its name in the first column and its value in the last.
 */
export function settlementCsvOf(settlement: ProjectSettlement): string {
  return csvDocument(csvHeader, [
    ...settlement.lines.map((line) => ['medium', line.mediaId, line.name, line.priceUnit, line.price, line.duration, line.amount]),
    ...csvFigures.map((name) => [name, null, null, null, null, null, String(settlement[name])]),
  ]);
}
