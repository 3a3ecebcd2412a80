import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Metrics } from './lib/metrics.ts';
import type { FileStore } from './lib/storage.ts';
import { createSweeps } from './jobs/sweeps.ts';
import { createPaymentGateway } from './modules/payments/gateways/create-gateway.ts';
import type { PaymentGateway } from './modules/payments/gateways/gateway.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createGuardianRefundsService } from './modules/payments/guardian-refunds.service.ts';
import { createArtistsService } from './modules/artists/artists.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createAuthService, forgetIdentitiesWithin } from './modules/auth/auth.service.ts';
import { createDevIdentityProviderSeat, createIdentityProviders } from './modules/auth/providers.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { exchangeRateTable } from './modules/exchange-rates/exchange-rates.config.ts';
import { createExchangeRatesService } from './modules/exchange-rates/exchange-rates.service.ts';
import { createJoinService, recordMarketingConsentWithin } from './modules/join/join.service.ts';
import { createIdempotency } from './modules/idempotency/idempotency.service.ts';
import { createPointsService, ledgerKeysAppliedProbe } from './modules/points/points.service.ts';
import { createStatementService } from './modules/points/points.statement.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createNotificationSweeps } from './modules/notifications/notifications.sweeps.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createMailTransport, type MailTransport } from './modules/mail/mail.transport.ts';
import { createProofsService } from './modules/projects/proofs.service.ts';
import { createParticipationsService } from './modules/projects/participations.service.ts';
import { createProjectsService, projectReferencesAmong } from './modules/projects/projects.service.ts';
import { createCommunityService } from './modules/community/community.service.ts';
import { createFilmsService } from './modules/films/films.service.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createRankingsService } from './modules/rankings/rankings.service.ts';
import { createTestClock } from './lib/test-clock.ts';
import { createPrivateFileStoreFor } from './modules/support/support.files.ts';
import { createSupportService } from './modules/support/support.service.ts';

export type ServiceDeps = {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** A payment gateway instead of the configured one (tests hold the sandbox to drive it). */
  paymentGateway?: PaymentGateway;
  /** A mail transport instead of the configured one (tests send to a loopback SMTP server). */
  mailTransport?: MailTransport;
  /** Where the ledger and the participation batches record (decision 081); none: not recorded. */
  metrics?: Metrics;
};

/**
 * Every service of the API, built in one place and in dependency order: the app's routes, the
 * scheduler and the tests all use these same instances (docs/architecture.md#shape). What one
 * module does on another's event (account deletion, a consent change) is passed in here as a
 * function, so no module builds or registers itself into another.
 */
export function buildServices(config: Config, deps: ServiceDeps) {
  const { db, files } = deps;
  // TEST_CLOCK=on (docs/architecture.md#test-clock): business time (deadlines, sweeps, expiry)
  // follows a clock operators move forward; sessions keep real time, so moving 40 days does not
  // sign everyone out.
  const testClock = config.testClock ? createTestClock(deps.clock) : null;
  const clock = testClock ?? deps.clock;
  const sessions = createSessionService({ db, clock: deps.clock, config });
  const artists = createArtistsService({ db, clock, files });
  // The sandbox by default, Toss Payments by configuration (docs/product.md#payments).
  const paymentGateway = deps.paymentGateway ?? createPaymentGateway(config, clock, db);
  // Every write that moves points or money shares one idempotency mechanism (docs/architecture.md#idempotency).
  // Its claim asks whether the key was applied on the ledger, by the points module's piece: handed
  // in here, since the points service imports the idempotency one (decision 103).
  const idempotency = createIdempotency({ db, clock, appliedOnLedger: ledgerKeysAppliedProbe });
  // The operator audit log: every operator action writes its entry in its own transaction (decision 094).
  const audit = createAuditService({ db, clock });
  const points = createPointsService({ db, clock, idempotency, metrics: deps.metrics });
  // Mail leaves through the outbox (docs/architecture.md#mail-outbox): SMTP when configured, .eml files otherwise.
  const mail = createMailService({ db, clock, transport: deps.mailTransport ?? createMailTransport(config), publicUrl: config.publicUrl });
  // A confirmed charge's receipt is mailed in the credit's transaction (docs/decisions/105-receipts-and-vat.md).
  const payments = createPaymentsService({ db, clock, gateway: paymentGateway, points, idempotency, publicUrl: config.publicUrl, merchant: config.merchant, mail });
  // The yearly statement is the ledger's; the money of its charges and refunds is the payments service's (decision 106).
  const statement = createStatementService({ db, clock, money: payments.entryMoneyOf });
  const media = createMediaService({ db });
  const notifications = createNotificationsService({ db, clock, mail });
  // A guardian's cancellation of a minor's charge, by an operator (docs/product.md#guardian-cancellation).
  const guardianRefunds = createGuardianRefundsService({ db, clock, gateway: paymentGateway, points, notifications, idempotency, audit: audit.record });
  // The points service also hands the projects service a closed project's escrow movements
  // (`escrowMovementsOf`), which its settlement adds up: the projects module never reads the ledger's tables (decision 107).
  const projects = createProjectsService({ db, clock, files, points, notifications, catalogue: media, idempotency, audit: audit.record });
  // The artist rankings and their rollup, which participations and returns write (docs/architecture.md#discovery).
  const rankings = createRankingsService({ db, clock });
  const participations = createParticipationsService({ db, clock, files, points, notifications, idempotency, projects, rankings, audit: audit.record, metrics: deps.metrics });
  // Proof of each booked medium, in a hash chain per project (docs/product.md#execution).
  const proofs = createProofsService({ db, clock, files, notifications, catalogue: media, presenter: projects, audit: audit.record });
  // Films: YouTube links and uploaded MP4s with their posters (docs/product.md#films).
  const films = createFilmsService({ db, clock, files, posterDecoder: config.films.posterDecoder });
  // Comments, likes, reports; operator decisions hide a film through its module and go to the
  // audit log, in one transaction (docs/product.md#reports).
  const community = createCommunityService({
    db,
    clock,
    files,
    audit: audit.record,
    films,
    projectReferences: projectReferencesAmong,
  });
  // The FAQ, inquiries and the operators' inbox (docs/product.md#faq, docs/product.md#inquiries).
  const support = createSupportService({
    db,
    clock,
    privateFiles: createPrivateFileStoreFor(config),
    notifications,
    mail,
    points,
    audit: audit.record,
  });
  const users = createUsersService({
    db,
    clock,
    files,
    sessions,
    artists,
    recordMarketingConsent: recordMarketingConsentWithin,
    accountDeletion: {
      // Refused while a charge is open at the gateway (docs/product.md#account-deletion).
      guards: [payments.openChargesRefusal, (userId, tx) => projects.deletionRefusal(userId, tx)],
      hooks: [
        // A deleted account forfeits its remaining points, with a ledger entry (docs/product.md#account-deletion).
        (userId, tx) => points.forfeitAllWithin(tx, userId),
        (userId, tx) => forgetIdentitiesWithin(tx, userId),
      ],
    },
  });
  const devIdentityProvider = createDevIdentityProviderSeat();
  const auth = createAuthService({ db, clock, config, sessions, users, providers: createIdentityProviders(config, devIdentityProvider) });
  const join = createJoinService({ db, clock, artists, users });
  const exchangeRates = createExchangeRatesService({ table: exchangeRateTable, clock });
  const search = createSearchService({ artists, projects });
  // Whose item each uploaded file is, for /api/files/: each module answers for its own items' folders.
  const fileOwners = { ...projects.fileOwners, ...community.fileOwners, ...films.fileOwners };

  return {
    sessions,
    auth,
    /** Filled in when the app mounts the development identity provider (it lives on the app). */
    devIdentityProvider,
    users,
    artists,
    audit,
    join,
    exchangeRates,
    paymentGateway,
    points,
    statement,
    payments,
    guardianRefunds,
    media,
    mail,
    notifications,
    projects,
    participations,
    proofs,
    community,
    films,
    support,
    rankings,
    search,
    fileOwners,
    /** The business clock (the test clock when TEST_CLOCK=on), and the test clock itself or null. */
    clock,
    testClock,
    // The scheduled sweeps (jobs/), run by the scheduler server.ts starts, and by tests directly.
    sweeps: createSweeps({ points, payments, guardianRefunds, auth, sessions, projects, participations, proofs, notificationSweeps: createNotificationSweeps({ db, clock, notifications, points }), mail, support }),
  };
}

export type Services = ReturnType<typeof buildServices>;
