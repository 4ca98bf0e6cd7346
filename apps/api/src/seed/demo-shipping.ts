/**
 * Demo shipping of a demo company, made through the shipping services (as staff would). Northwind
 * (Canada): every province and territory, a Canada Post style Standard (free from $150) and Express
 * priced by cart value, and a rule that blocks the bulky e-bikes to Nunavut, the Northwest Territories
 * and Yukon. Alpine (DE, AT, CH): DHL standard, free from 100 €, and an express by weight in Germany.
 */
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/index.ts';
import { createShippingRule, setMethodRule } from '../modules/shipping/rules.ts';
import { createShippingCountry, createShippingMethod } from '../modules/shipping/service.ts';
import type { DemoMarket } from './demo-catalog.ts';
import { seedCtx } from './demo-catalog.ts';

export async function seedDemoShipping(db: Db, companyId: number, market: DemoMarket): Promise<void> {
  const ctx = seedCtx(db, companyId);
  if (market === 'canada') {
    const canada = await createShippingCountry(ctx, { country: 'ca' });
    await createShippingMethod(ctx, canada.id, {
      name: 'Standard',
      carrier: 'Canada Post',
      price: '15.00',
      delivery_days_min: 3,
      delivery_days_max: 8,
      free_shipping_threshold: '150.00',
    });
    const express = await createShippingMethod(ctx, canada.id, {
      name: 'Express',
      carrier: 'Canada Post',
      price: '29.00',
      delivery_days_min: 1,
      delivery_days_max: 3,
    });
    await setMethodRule(ctx, express.id, {
      name: 'Express by cart value',
      basis: 'cart_value',
      bands: [
        { from: '0', price: '29.00' },
        { from: '250', price: '19.00' },
      ],
    });
    const bikes = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.company_id, companyId), like(products.name, '%e-bike%')));
    await createShippingRule(ctx, {
      name: 'No e-bikes to the territories',
      action: 'block',
      regions: ['CA-NU', 'CA-NT', 'CA-YT'],
      product_ids: bikes.map((b) => b.id),
    });
    return;
  }
  const countries = [];
  for (const country of ['de', 'at', 'ch']) countries.push(await createShippingCountry(ctx, { country }));
  await createShippingMethod(ctx, null, {
    name: 'Standard',
    carrier: 'DHL',
    price: '6.90',
    delivery_days_min: 2,
    delivery_days_max: 5,
    free_shipping_threshold: '100.00',
  });
  const express = await createShippingMethod(ctx, countries[0]!.id, {
    name: 'Express',
    carrier: 'DHL',
    price: '14.90',
    delivery_days_min: 1,
    delivery_days_max: 1,
  });
  await setMethodRule(ctx, express.id, {
    name: 'Express by weight',
    basis: 'weight',
    bands: [
      { from: '0', price: '14.90' },
      { from: '20000', price: '39.00' },
    ],
  });
  await createShippingRule(ctx, {
    name: 'Switzerland customs handling',
    action: 'surcharge',
    surcharge: '9.50',
    countries: ['ch'],
  });
}
