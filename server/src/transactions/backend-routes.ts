import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRoutes } from './dashboard-routes';
import { transactionsRoutes } from './transactions-routes';
import { named } from '../named-plugin';

/** /api/backend: the dashboard and transaction calls (DASH-02, TXN-06, TXN-16). */
export const transactionsBackendRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(named(dashboardRoutes));
  await app.register(named(transactionsRoutes));
};
