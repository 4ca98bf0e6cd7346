/**
 * Catalog routes (spec 01 §7 "Products, variants, bundles, collections, tax"; spec 02 "Availability
 * settings"), one file per resource in routes/. Staff read; owners and admins change the catalog.
 * Handlers build the service context with `ctxOf(request)`; services never see Fastify.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityRoutes } from './routes/availability.ts';
import { bundleRoutes } from './routes/bundles.ts';
import { collectionRoutes } from './routes/collections.ts';
import { productRoutes } from './routes/products.ts';
import { productSyncRoutes } from './routes/sync.ts';
import { taxRoutes } from './routes/tax.ts';
import { variantRoutes } from './routes/variants.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(productRoutes);
  await app.register(variantRoutes);
  await app.register(productSyncRoutes);
  await app.register(bundleRoutes);
  await app.register(collectionRoutes);
  await app.register(taxRoutes);
  await app.register(availabilityRoutes);
};
