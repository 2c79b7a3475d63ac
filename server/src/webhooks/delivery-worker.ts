import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { addressPolicy } from './address-policy';
import { batched } from '../db/batched';
import { claimDueDeliveries, fanOutEvents, recordAttempts, type AttemptRecord, type ClaimedDelivery } from './deliveries-repository';
import { deliveryUrl } from './endpoints-url';
import { postEvent } from './post-event';
import { secretBox } from '../security/secret-box';
import { signatureHeader } from './signature';

/** Failed attempts in a row after which an endpoint shows as failing (its deliveries go on). */
export const FAILING_AFTER = 5;
const MAX_IN_FLIGHT = 32;
/** Attempts at once while the process is busy: a trickle, claimed only at polls. */
const YIELDING_IN_FLIGHT = 4;
const FAN_OUT_BATCH = 500;
/** Attempts made but not yet recorded, past which the worker claims no more. */
const MAX_UNRECORDED = 256;

/** The body of an attempt: the event as GET /events/{id} shows it, its object spliced in as stored. */
const eventBody = (d: ClaimedDelivery): string =>
  `{"id":${JSON.stringify(d.event_id)},"type":${JSON.stringify(d.event_type)},"created":${d.created},"data":{"object":${d.object_json}}}`;

/**
 * Equal jitter: half the scheduled delay plus a random part of the other half, so that the
 * retries of many deliveries that failed together (an endpoint down) do not arrive together.
 */
export const withJitter = (delayMs: number, random = Math.random): number => Math.round(delayMs / 2 + random() * (delayMs / 2));

export type WorkerConfig = Pick<
  Config,
  'mode' | 'webhookAllowedHosts' | 'webhookSecretsKey' | 'webhookTimeoutMs' | 'webhookRetryScheduleMs' | 'webhookPollMs'
>;

/**
 * The webhook worker of one process (HOOK-03): every `webhookPollMs` it fans out new events, then
 * claims the deliveries that are due (up to MAX_IN_FLIGHT at once, without waiting for slow
 * endpoints before claiming more) and POSTs them. While a claim comes back full there is a
 * backlog, and finished deliveries make room for the next claim at once instead of at the next
 * poll: a poll's worth of deliveries would otherwise cap a process at MAX_IN_FLIGHT per poll.
 * Any number of processes run one each.
 *
 * Payments come first (docs/decisions/webhooks-yield-to-payments.md): while `busy()` says the
 * process is saturated with requests, the worker keeps at most YIELDING_IN_FLIGHT attempts going
 * and claims only at polls, then catches up at full speed when the pressure ends.
 */
export function startWebhookWorker(
  db: Db,
  config: WorkerConfig,
  logger: FastifyBaseLogger,
  { busy = () => false }: { busy?: () => boolean } = {},
) {
  const policy = addressPolicy(config);
  const box = secretBox(config.webhookSecretsKey);
  // Longer than an attempt can take, so that a live attempt is never claimed again.
  const leaseMs = config.webhookTimeoutMs * 2 + 5_000;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let ticking: Promise<void> = Promise.resolve();
  // True while the last claim came back full: more deliveries are due than there was room for.
  let backlog = false;
  let claiming: Promise<number> | null = null;

  // Attempts are recorded together, a statement for all that finished meanwhile (batched.ts): one
  // statement and one commit per attempt cost the database more than the payment behind it.
  const record = batched((attempts: AttemptRecord[]) => recordAttempts(db, attempts, FAILING_AFTER), { max: 200, inFlight: 2 });
  const recording = new Set<Promise<void>>();

  async function deliver(delivery: ClaimedDelivery): Promise<AttemptRecord> {
    const body = eventBody(delivery);
    const secrets = [delivery.secret_sealed, delivery.previous_secret_sealed].flatMap((sealed) =>
      sealed ? [box.open(sealed, delivery.endpoint_id)] : [],
    );
    const startedAt = new Date();
    const outcome = await postEvent(
      deliveryUrl(box, delivery.endpoint_id, delivery),
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'Paydesk-Webhooks/1',
        'paydesk-event-id': delivery.event_id,
        'paydesk-signature': signatureHeader(body, secrets),
      },
      { timeoutMs: config.webhookTimeoutMs, policy },
    );
    const scheduled = config.webhookRetryScheduleMs[delivery.attempts];
    return {
      deliveryId: delivery.id,
      attemptsBefore: delivery.attempts,
      startedAt,
      durationMs: outcome.durationMs,
      ok: outcome.ok,
      status: outcome.status,
      body: outcome.body,
      retryInMs: scheduled === undefined ? null : withJitter(scheduled),
    };
  }

  /** Until recorded, the delivery's lease keeps it from being claimed again; its slot is free at once. */
  function keep(attempt: AttemptRecord): void {
    const saving = record(attempt)
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error, delivery: attempt.deliveryId }, 'webhook delivery failed to record'))
      .finally(() => recording.delete(saving));
    recording.add(saving);
  }

  function start(delivery: ClaimedDelivery): void {
    const running = deliver(delivery)
      .then(keep)
      .catch((error: unknown) => logger.error({ err: error, delivery: delivery.id }, 'webhook delivery failed'))
      .finally(() => {
        inFlight.delete(running);
        // Claims of half the room at least: not one query per finished delivery.
        if (backlog && inFlight.size <= MAX_IN_FLIGHT / 2 && !busy()) void claim();
      });
    inFlight.add(running);
  }

  /** Claims what is due, as much as there is room for, and starts it. Answers how many it started. */
  function claim(): Promise<number> {
    const room = Math.min((busy() ? YIELDING_IN_FLIGHT : MAX_IN_FLIGHT) - inFlight.size, MAX_UNRECORDED - recording.size);
    if (claiming || stopped || room <= 0) return Promise.resolve(0);
    const run = claimDueDeliveries(db, room, leaseMs)
      .then((due) => {
        backlog = due.length === room;
        for (const delivery of due) start(delivery);
        return due.length;
      })
      .catch((error: unknown) => {
        logger.error({ err: error, job: 'webhooks' }, 'claiming webhook deliveries failed');
        return 0;
      })
      .finally(() => {
        claiming = null;
      });
    claiming = run;
    return run;
  }

  /** Until nothing is being claimed, delivered or recorded (a finished delivery may claim more). */
  async function settled(): Promise<void> {
    while (inFlight.size > 0 || recording.size > 0 || claiming) await Promise.all([...inFlight, ...recording, claiming]);
  }

  /** One round: fan out, then claim what is due and start it. Resolves once claimed (not delivered). */
  async function tick(): Promise<number> {
    let fanned = 0;
    for (let batch = FAN_OUT_BATCH; batch === FAN_OUT_BATCH; fanned += batch) batch = await fanOutEvents(db, FAN_OUT_BATCH);
    return fanned + (await claim());
  }

  const timer = setInterval(() => {
    if (stopped) return;
    ticking = ticking.then(tick).then(
      () => undefined,
      (error: unknown) => logger.error({ err: error, job: 'webhooks' }, 'webhook worker failed'),
    );
  }, config.webhookPollMs);
  timer.unref();

  return {
    /** Runs one round now and waits for the deliveries it started (tests). */
    async runOnce(): Promise<void> {
      await (ticking = ticking.then(tick).then(() => undefined));
      await settled();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await ticking;
      await settled();
    },
  };
}
export type WebhookWorker = ReturnType<typeof startWebhookWorker>;
