import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { addressPolicy } from './address-policy';
import { claimDueDeliveries, fanOutEvents, recordAttempt, type ClaimedDelivery } from './deliveries-repository';
import { postEvent } from './post-event';
import { secretBox } from './secret-box';
import { signatureHeader } from './signature';

/** Failed attempts in a row after which an endpoint shows as failing (its deliveries go on). */
export const FAILING_AFTER = 5;
const MAX_IN_FLIGHT = 32;
const FAN_OUT_BATCH = 500;

/**
 * Equal jitter: half the scheduled delay plus a random part of the other half, so that the
 * retries of many deliveries that failed together (an endpoint down) do not arrive together.
 */
export const withJitter = (delayMs: number, random = Math.random): number => Math.round(delayMs / 2 + random() * (delayMs / 2));

export type WorkerConfig = Pick<Config, 'mode' | 'webhookAllowedHosts' | 'webhookSecretsKey' | 'webhookTimeoutMs' | 'webhookRetryScheduleMs' | 'webhookPollMs'>;

/**
 * The webhook worker of one process (HOOK-03): every `webhookPollMs` it fans out new events, then
 * claims the deliveries that are due (up to MAX_IN_FLIGHT at once, without waiting for slow
 * endpoints before claiming more) and POSTs them. Any number of processes run one each.
 */
export function startWebhookWorker(db: Db, config: WorkerConfig, logger: FastifyBaseLogger) {
  const policy = addressPolicy(config);
  const box = secretBox(config.webhookSecretsKey);
  // Longer than an attempt can take, so that a live attempt is never claimed again.
  const leaseMs = config.webhookTimeoutMs * 2 + 5_000;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let ticking: Promise<void> = Promise.resolve();

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const body = JSON.stringify({ id: delivery.event_id, type: delivery.event_type, created: delivery.created, data: { object: delivery.object } });
    const secrets = [delivery.secret_sealed, delivery.previous_secret_sealed].flatMap((sealed) => (sealed ? [box.open(sealed, delivery.endpoint_id)] : []));
    const startedAt = new Date();
    const outcome = await postEvent(delivery.url, body, {
      'content-type': 'application/json',
      'user-agent': 'Paydesk-Webhooks/1',
      'paydesk-event-id': delivery.event_id,
      'paydesk-signature': signatureHeader(body, secrets),
    }, { timeoutMs: config.webhookTimeoutMs, policy });
    const scheduled = config.webhookRetryScheduleMs[delivery.attempts];
    await recordAttempt(db, {
      deliveryId: delivery.id,
      attemptsBefore: delivery.attempts,
      startedAt,
      durationMs: outcome.durationMs,
      ok: outcome.ok,
      status: outcome.status,
      body: outcome.body,
      retryInMs: scheduled === undefined ? null : withJitter(scheduled),
      failingAfter: FAILING_AFTER,
    });
  }

  /** One round: fan out, then claim what is due and start it. Resolves once claimed (not delivered). */
  async function tick(): Promise<number> {
    const fanned = await fanOutEvents(db, FAN_OUT_BATCH);
    const room = MAX_IN_FLIGHT - inFlight.size;
    if (room <= 0) return fanned;
    const due = await claimDueDeliveries(db, room, leaseMs);
    for (const delivery of due) {
      const running = deliver(delivery)
        .catch((error: unknown) => logger.error({ err: error, delivery: delivery.id }, 'webhook delivery failed to record'))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    return fanned + due.length;
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
      await Promise.all([...inFlight]);
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await ticking;
      await Promise.all([...inFlight]);
    },
  };
}
export type WebhookWorker = ReturnType<typeof startWebhookWorker>;
