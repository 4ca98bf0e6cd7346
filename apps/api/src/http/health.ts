/**
 * Health and readiness, for a load balancer, a monitor or a test run. Health: the database answers.
 * Ready: that, and the first start's demo data (a background job: the demo companies' customers and
 * their 18 months of orders, seed/demo-orders.ts) is made; 503 until then, so what waits on it never
 * watches the demo's lists change under it.
 */

import { MESSAGES } from '@rentloop/domain/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { seedDemoCustomersJob } from '../jobs/definitions.ts';
import { DEMO_DATA_PENDING } from '../seed/bootstrap.ts';
import { access } from './access.ts';
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from './errors.ts';
import { errorSchema } from './openapi.ts';

const answer = {
  200: z.object({ status: z.boolean(), message: z.string(), data: z.object({ database: z.string() }) }),
  503: errorSchema,
};

export function registerHealthRoutes(app: FastifyInstance, database: Database, boss: PgBoss | null) {
  const databaseAnswers = async () => {
    try {
      await database.primary.execute(sql`select 1`);
    } catch {
      throw new AppError('unavailable', MESSAGES.databaseUnavailable, undefined, {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
  };
  const config = { access: access.public };

  app.get(
    '/api/health',
    {
      config,
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Checks the database',
        response: answer,
      },
    },
    async () => {
      await databaseAnswers();
      return { status: true, message: 'ok', data: { database: database.kind } };
    },
  );

  app.get(
    '/api/health/ready',
    {
      config,
      schema: {
        operationId: 'getReadiness',
        tags: ['system'],
        summary: 'Ready: the database answers and no demo data is still being made',
        response: answer,
      },
    },
    async () => {
      await databaseAnswers();
      const seeding = boss ? await boss.getQueueSize(seedDemoCustomersJob.name, { before: 'completed' }) : 0;
      if (seeding > 0) throw new AppError('unavailable', DEMO_DATA_PENDING);
      return { status: true, message: 'ready', data: { database: database.kind } };
    },
  );
}
