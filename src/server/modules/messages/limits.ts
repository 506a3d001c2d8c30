/**
 * Sending limits (issue 29 §4): messages per sender per minute (a flood) and per day, first messages more tightly
 * than replies; every limit is multiplied by RATE_LIMIT_SCALE. @fastify/rate-limit's counters (shared by every
 * instance, plugins/rateLimit.ts), one per sender and limit, so a reply with an attachment counts like any reply.
 * `createRateLimit` rather than route hooks: the plugin runs only the first of several hooks on a request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Messages per sender at RATE_LIMIT_SCALE=1. */
export const MESSAGE_LIMITS = {
  perMinute: 20,
  firstPerDay: 40, // new conversations: the spam vector
  perDay: 400,
};

const sender = (request: FastifyRequest) => `${request.actor?.type}:${request.actor?.hash ?? request.ip}`;

/** The preHandlers of a first message and of a reply. */
export function messageLimits(app: FastifyInstance) {
  const limiter = (name: string, max: number, timeWindow: number) =>
    app.createRateLimit({
      max: Math.max(1, Math.round(max * app.config.rateLimitScale)),
      timeWindow,
      keyGenerator: (request) => `${name}:${sender(request)}`,
    });
  const checks = (...limits: Array<ReturnType<typeof limiter>>) => [
    async (request: FastifyRequest) => {
      for (const check of limits) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded)
          throw AppError.tooMany('rateLimited', { count: Math.max(1, Math.ceil(result.ttl / MINUTE)) });
      }
    },
  ];
  const flood = limiter('messagesMinute', MESSAGE_LIMITS.perMinute, MINUTE);
  const perDay = limiter('messagesDay', MESSAGE_LIMITS.perDay, DAY);
  const firstPerDay = limiter('messagesFirstDay', MESSAGE_LIMITS.firstPerDay, DAY);
  return { first: checks(flood, firstPerDay, perDay), reply: checks(flood, perDay) };
}
