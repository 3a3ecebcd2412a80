import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/**
 * Every setting the API reads, with its default and meaning. `.env.example` and the README's
 * configuration table mirror this schema.
 */
const environmentSchema = z.object({
  /** development | production | test. Production requires PUBLIC_URL and leaves the sample data out by default; the loopback guards do not depend on it (decision 086). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port to listen on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; `localhost` listens on both IPv4 and IPv6 loopback. */
  HOST: z.string().min(1).default('localhost'),
  /** Port of the Prometheus /metrics listener, on HOST and never the public port (decision 081). Unset: no metrics listener. */
  METRICS_PORT: optionalText.transform((value) => (value === undefined ? undefined : Number(value))).pipe(z.number().int().min(0).max(65535).optional()),
  /** OTLP/HTTP collector the API sends traces to (e.g. http://collector:4318); read before the app loads (decision 081). Unset: no tracing loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url().optional()),
  /** The origin users reach the app at; used for cookies, redirects and the CSRF origin check. */
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  /** Where the embedded database, uploads and the lock file live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string. Unset: embedded PGlite in DATA_DIR. */
  DATABASE_URL: optionalText,
  /** Connections in the PostgreSQL pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** On SIGTERM, how long /api/health/ready answers 503 before the listener closes, so a load balancer stops sending. Unset: 5000 in production, 0 otherwise. */
  SHUTDOWN_DRAIN_MS: optionalText.transform((value) => (value === undefined ? undefined : Number(value))).pipe(z.number().int().min(0).max(60_000).optional()),
  /** Redis for shared rate-limit counters. Unset: counters live in this process. */
  REDIS_URL: optionalText,
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('orchard:'),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For from this many proxy hops (0: use the socket address). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Load sample data into an empty database at start. Unset: true, but false with NODE_ENV=production (decision 086). */
  SEED_SAMPLE_DATA: optionalText.pipe(booleanFromEnv.optional()),
  /** Folder of the built web app served in production; unset: apps/web/dist when it exists. */
  WEB_DIST_DIR: optionalText,
  /** The largest film a fan may upload, in bytes (docs/product.md#films). */
  FILM_MAX_BYTES: z.coerce.number().int().min(1024).max(4 * 1024 ** 3).default(200 * 1024 * 1024),
  /** A film's poster: the first frame through `ffmpeg` when it is on the PATH (auto), or always the generated one (off). */
  FILM_POSTER_DECODER: z.enum(['auto', 'off']).default('auto'),
  /** Where uploaded files live: `local` (DATA_DIR/uploads and DATA_DIR/private) or `s3`, a bucket every API process shares (decision 079). */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  /** FILE_STORAGE=s3: the bucket, created beforehand. Credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the SDK's other sources). */
  S3_BUCKET: optionalText,
  /** FILE_STORAGE=s3: the bucket's region. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** FILE_STORAGE=s3: the endpoint of an S3-compatible server (MinIO, R2); unset: AWS S3. */
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  /** FILE_STORAGE=s3: the bucket in the path (`endpoint/bucket/key`) instead of the host name, as MinIO needs. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** SMTP server of outgoing mail (`smtp://` or `smtps://`, with credentials in the URL). Unset: mails are written as .eml files to DATA_DIR/outbox. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** The From address of every mail. */
  MAIL_FROM: z.string().min(3).max(200).default('Orchard <no-reply@orchard.localhost>'),

  /** Session idle time-out: a session unused this long is dead. */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(60 * 24 * 7),
  /** Session absolute time-out, counted from sign-in. */
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce.number().int().min(1).default(24 * 30),

  /** Sign-in attempts per IP per minute. */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Writes per user (or IP when signed out) per minute. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Uploads per user per minute. */
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Comments posted or deleted per user per minute. */
  RATE_LIMIT_COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Reports per user per minute. */
  RATE_LIMIT_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),

  /** X (OAuth 2.0 + PKCE). Offered when the client id is set. */
  X_CLIENT_ID: optionalText,
  X_CLIENT_SECRET: optionalText,
  X_AUTHORIZATION_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  X_TOKEN_URL: z.url().default('https://api.x.com/2/oauth2/token'),
  X_USERINFO_URL: z.url().default('https://api.x.com/2/users/me'),

  /** Google (OpenID Connect). Offered when the client id is set. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),

  /** Apple (OpenID Connect, form_post). Offered when the client id is set. */
  APPLE_CLIENT_ID: optionalText,
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  /** The .p8 key (PEM) that signs the ES256 client secret; `\n` escapes allowed. */
  APPLE_PRIVATE_KEY: optionalText,
  /** A plain client secret instead of the signed one (tests against a loopback provider). */
  APPLE_CLIENT_SECRET: optionalText,
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),

  /** Development identity provider: on by default when no real provider is configured. */
  DEV_IDP: z.enum(['auto', 'on', 'off']).default('auto'),
  /** The development identity provider runs only on a loopback PUBLIC_URL and HOST unless this is true. */
  ALLOW_DEV_IDP: booleanFromEnv.default(false),
  /** The former name of ALLOW_DEV_IDP, still read. */
  ALLOW_DEV_IDP_IN_PRODUCTION: booleanFromEnv.default(false),
  /** Allow http:// issuers (loopback providers in tests). */
  ALLOW_INSECURE_ISSUERS: booleanFromEnv.default(false),

  /** Payment gateway: the built-in sandbox (no real money) or Toss Payments (docs/product.md#payments). */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'toss']).default('sandbox'),
  /** The sandbox gateway runs only on a loopback PUBLIC_URL and HOST unless this is true. */
  ALLOW_SANDBOX_GATEWAY: booleanFromEnv.default(false),
  /** The former name of ALLOW_SANDBOX_GATEWAY, still read. */
  ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: booleanFromEnv.default(false),
  /** Key the sandbox signs its webhooks with; unset: a random key per process. */
  SANDBOX_WEBHOOK_SECRET: optionalText,
  /** Time-out of every call to the payment gateway. */
  PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Toss Payments API keys (developers.tosspayments.com); required when PAYMENT_GATEWAY=toss. */
  TOSS_SECRET_KEY: optionalText,
  TOSS_CLIENT_KEY: optionalText,
  /** Toss Payments API origin (tests point it at a loopback server). */
  TOSS_API_URL: z.url().default('https://api.tosspayments.com'),
  /** Toss webhook security key: the HMAC key of tosspayments-webhook-signature. */
  TOSS_WEBHOOK_SECRET: optionalText,

  /** The seller a receipt names (docs/decisions/105-receipts-and-vat.md): its trade name. Unset or empty: a development placeholder. */
  MERCHANT_NAME: optionalText.pipe(z.string().max(200).default('Orchard (development)')),
  /** The seller's business registration number (사업자등록번호) on receipts. Unset or empty: a development placeholder. */
  MERCHANT_BUSINESS_NUMBER: optionalText.pipe(z.string().max(40).default('000-00-00000')),
  /** The seller's address on receipts. Unset or empty: a development placeholder. */
  MERCHANT_ADDRESS: optionalText.pipe(z.string().max(300).default('Seoul, Republic of Korea (development address)')),

  /** An operator may move the API's clock forward (docs/architecture.md#test-clock); refused in production. */
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
});

export type ProviderSettings = {
  x?: { clientId: string; clientSecret?: string; authorizationUrl: string; tokenUrl: string; userinfoUrl: string };
  google?: { clientId: string; clientSecret?: string; issuer: string };
  apple?: {
    clientId: string;
    issuer: string;
    clientSecret?: string;
    signing?: { teamId: string; keyId: string; privateKey: string };
  };
  dev: boolean;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The metrics listener's port (decision 081); undefined: none. */
  metricsPort?: number;
  /** Where traces go (decision 081); undefined: no tracing. */
  otlpEndpoint?: string;
  publicUrl: URL;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  shutdownDrainMs: number;
  redisUrl?: string;
  redisKeyPrefix: string;
  logLevel: string;
  trustProxyHops: number;
  seedSampleData: boolean;
  webDistDir?: string;
  /** Films (docs/product.md#films): the upload limit and whether a decoder may make the poster. */
  films: { maxBytes: number; posterDecoder: 'auto' | 'off' };
  /** Uploaded files: DATA_DIR, or an S3-compatible bucket (decision 079). */
  fileStorage: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
  /** Outgoing mail: SMTP when `smtpUrl` is set, otherwise .eml files in DATA_DIR/outbox (docs/architecture.md#mail-outbox). */
  mail: { smtpUrl?: string; from: string };
  session: { cookieName: string; secureCookie: boolean; idleTimeoutMs: number; absoluteTimeoutMs: number };
  rateLimits: { signInPerMinute: number; writesPerMinute: number; uploadsPerMinute: number; commentsPerMinute: number; reportsPerMinute: number };
  providers: ProviderSettings;
  allowInsecureIssuers: boolean;
  payments: PaymentSettings;
  /** The seller receipts name, as configured now (docs/decisions/105-receipts-and-vat.md). */
  merchant: { name: string; businessNumber: string; address: string };
  /** TEST_CLOCK=on: operators may move the API's clock forward (never in production). */
  testClock: boolean;
};

export type S3Settings = { bucket: string; region: string; endpoint?: string; forcePathStyle: boolean };

export type PaymentSettings = {
  gateway: 'sandbox' | 'toss';
  timeoutMs: number;
  sandboxWebhookSecret?: string;
  toss?: { secretKey: string; clientKey: string; apiUrl: string; webhookSecret: string };
};

/** localhost, *.localhost, 127.0.0.0/8 and ::1: only this machine can reach them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  // Decision 086: a production process that guessed its origin would guess localhost, which the
  // loopback guards below let through.
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required with NODE_ENV=production: the https origin users reach the app at (e.g. https://orchard.example), for cookies, sign-in redirects and the cross-site request check');
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const secureCookie = publicUrl.protocol === 'https:';

  const providers: ProviderSettings = { dev: false };
  if (e.X_CLIENT_ID) {
    providers.x = {
      clientId: e.X_CLIENT_ID,
      clientSecret: e.X_CLIENT_SECRET,
      authorizationUrl: e.X_AUTHORIZATION_URL,
      tokenUrl: e.X_TOKEN_URL,
      userinfoUrl: e.X_USERINFO_URL,
    };
  }
  if (e.GOOGLE_CLIENT_ID) {
    providers.google = { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER };
  }
  if (e.APPLE_CLIENT_ID) {
    const signing =
      e.APPLE_TEAM_ID && e.APPLE_KEY_ID && e.APPLE_PRIVATE_KEY
        ? { teamId: e.APPLE_TEAM_ID, keyId: e.APPLE_KEY_ID, privateKey: e.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n') }
        : undefined;
    if (!signing && !e.APPLE_CLIENT_SECRET) {
      problems.push('APPLE_CLIENT_ID: set APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY (or APPLE_CLIENT_SECRET)');
    }
    providers.apple = { clientId: e.APPLE_CLIENT_ID, issuer: e.APPLE_ISSUER, clientSecret: e.APPLE_CLIENT_SECRET, signing };
  }
  const anyRealProvider = Boolean(providers.x || providers.google || providers.apple);
  providers.dev = e.DEV_IDP === 'on' || (e.DEV_IDP === 'auto' && !anyRealProvider);
  // Decisions 031 and 086: NODE_ENV defaults to development, so it cannot guard anything; where
  // users reach the app and where it listens can. PUBLIC_URL is only what the operator says, and a
  // request's Host header is whatever the client sends: a listener beyond loopback is reachable
  // from elsewhere whatever PUBLIC_URL says. Off loopback, both need an explicit flag.
  const offLoopback = !isLoopbackHost(publicUrl.hostname)
    ? `PUBLIC_URL (${publicUrl.origin}) is not loopback`
    : !isLoopbackHost(e.HOST)
      ? `HOST (${e.HOST}) listens beyond loopback, whatever PUBLIC_URL says`
      : undefined;
  if (providers.dev && offLoopback && !(e.ALLOW_DEV_IDP || e.ALLOW_DEV_IDP_IN_PRODUCTION)) {
    problems.push(
      `DEV_IDP: the development identity provider lets anyone sign in as anyone, and ${offLoopback}; configure X, Google or Apple, set DEV_IDP=off, or set ALLOW_DEV_IDP=true deliberately`,
    );
  }
  if (e.PAYMENT_GATEWAY === 'sandbox' && offLoopback && !(e.ALLOW_SANDBOX_GATEWAY || e.ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION)) {
    problems.push(
      `PAYMENT_GATEWAY: the sandbox gateway approves payments without real money, and ${offLoopback}; set PAYMENT_GATEWAY=toss with its keys, or set ALLOW_SANDBOX_GATEWAY=true deliberately`,
    );
  }
  let toss: PaymentSettings['toss'];
  if (e.PAYMENT_GATEWAY === 'toss') {
    if (e.TOSS_SECRET_KEY && e.TOSS_CLIENT_KEY && e.TOSS_WEBHOOK_SECRET) {
      toss = { secretKey: e.TOSS_SECRET_KEY, clientKey: e.TOSS_CLIENT_KEY, apiUrl: e.TOSS_API_URL, webhookSecret: e.TOSS_WEBHOOK_SECRET };
    } else {
      problems.push('PAYMENT_GATEWAY=toss: set TOSS_SECRET_KEY, TOSS_CLIENT_KEY and TOSS_WEBHOOK_SECRET');
    }
  }
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) problems.push('FILE_STORAGE=s3: set S3_BUCKET (and S3_ENDPOINT for MinIO or R2)');
  if (e.TEST_CLOCK === 'on' && e.NODE_ENV === 'production') {
    problems.push('TEST_CLOCK: moving the clock changes deadlines and expiries of real money; it is refused in production');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5000 : 0),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    // Decision 086: no demo fans and no sample operator in a real database unless asked for.
    seedSampleData: e.SEED_SAMPLE_DATA ?? e.NODE_ENV !== 'production',
    webDistDir: e.WEB_DIST_DIR,
    films: { maxBytes: e.FILM_MAX_BYTES, posterDecoder: e.FILM_POSTER_DECODER },
    fileStorage:
      e.FILE_STORAGE === 's3'
        ? { kind: 's3', bucket: e.S3_BUCKET!, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, forcePathStyle: e.S3_FORCE_PATH_STYLE }
        : { kind: 'local' },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    session: {
      // docs/quality.md#s4: the __Host- prefix needs Secure, which plain-http localhost cannot set.
      cookieName: secureCookie ? '__Host-orchard_session' : 'orchard_session',
      secureCookie,
      idleTimeoutMs: e.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
      absoluteTimeoutMs: e.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
    },
    rateLimits: {
      signInPerMinute: e.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      uploadsPerMinute: e.RATE_LIMIT_UPLOADS_PER_MINUTE,
      commentsPerMinute: e.RATE_LIMIT_COMMENTS_PER_MINUTE,
      reportsPerMinute: e.RATE_LIMIT_REPORTS_PER_MINUTE,
    },
    providers,
    allowInsecureIssuers: e.ALLOW_INSECURE_ISSUERS,
    payments: {
      gateway: e.PAYMENT_GATEWAY,
      timeoutMs: e.PAYMENT_GATEWAY_TIMEOUT_MS,
      sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
      toss,
    },
    merchant: { name: e.MERCHANT_NAME, businessNumber: e.MERCHANT_BUSINESS_NUMBER, address: e.MERCHANT_ADDRESS },
    testClock: e.TEST_CLOCK === 'on',
  };
}
