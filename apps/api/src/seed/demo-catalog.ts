/**
 * The demo companies' catalog: rental products with variants, rental prices and buyout prices, a few
 * collections, a bundle and the tax rules of the company's market, so a newcomer finds a catalog to
 * look at. Every row goes through the catalog's own functions and schemas, as if typed in the screens.
 */

import { randomBytes } from 'node:crypto';
import {
  bundleInputSchema,
  bundleVariantsChangeSchema,
  collectionInputSchema,
  productCreateSchema,
  taxRuleInputSchema,
} from '@rentloop/domain/catalog';
import type { z } from 'zod';
import { type Ctx, systemClock } from '../context.ts';
import type { Db } from '../db/client.ts';
import { createSecrets } from '../integrations/secrets.ts';
import { jobActor } from '../jobs/context.ts';
import { addBundleVariants, createBundle } from '../modules/catalog/bundles.ts';
import { createCollection } from '../modules/catalog/collections.ts';
import { createProduct } from '../modules/catalog/products.ts';
import { createTaxRule } from '../modules/catalog/tax.ts';

type ProductInput = z.input<typeof productCreateSchema>;
type TaxRuleInput = z.input<typeof taxRuleInputSchema>;

export type DemoMarket = 'canada' | 'europe';

interface DemoProduct extends ProductInput {
  collection: string;
}

const colours = (sku: string, price: string, names: [string, number][]) =>
  names.map(([name, stock]) => ({
    sku: `${sku}-${name.slice(0, 3).toUpperCase()}`,
    name,
    options: { Colour: name },
    price,
    stock,
  }));

const sizes = (sku: string, price: string, names: [string, number][]) =>
  names.map(([name, stock]) => ({ sku: `${sku}-${name}`, name, options: { Size: name }, price, stock }));

/** Prices in the company's currency (CAD for Canada, EUR for Europe), as a merchant types them. */
function products(market: DemoMarket): DemoProduct[] {
  const eu = market === 'europe';
  const p = (cad: string, eur: string) => (eu ? eur : cad);
  return [
    {
      collection: 'E-bikes',
      name: 'City e-bike',
      description: 'A 250 W commuter e-bike with a 500 Wh battery, lights and a rear rack.',
      rental_prices: {
        monthly: p('89.00', '59.00'),
        quarterly: p('249.00', '165.00'),
        annually: p('899.00', '599.00'),
      },
      minimum_term_months: 3,
      deposit: p('250.00', '150.00'),
      buyout_price: p('1899.00', '1290.00'),
      purchase_price: p('1450.00', '980.00'),
      variants: sizes('EBK-CITY', p('2299.00', '1590.00'), [
        ['S', 4],
        ['M', 7],
        ['L', 5],
      ]),
    },
    {
      collection: 'E-bikes',
      name: 'Cargo e-bike',
      description: 'Long-tail cargo e-bike for two children or 80 kg of shopping.',
      rental_prices: { monthly: p('149.00', '99.00'), annually: p('1490.00', '990.00') },
      minimum_term_months: 6,
      deposit: p('400.00', '250.00'),
      buyout_price: p('3990.00', '2690.00'),
      purchase_price: p('3100.00', '2050.00'),
      variants: colours('EBK-CARGO', p('4990.00', '3390.00'), [
        ['Black', 2],
        ['Sand', 3],
      ]),
    },
    {
      collection: 'E-bikes',
      name: 'Folding e-bike',
      description: 'Folds in ten seconds; fits under a desk.',
      rental_prices: { monthly: p('69.00', '45.00'), quarterly: p('195.00', '129.00') },
      minimum_term_months: 1,
      deposit: p('150.00', '100.00'),
      buyout_price: p('1290.00', '890.00'),
      purchase_price: p('980.00', '650.00'),
      variants: colours('EBK-FOLD', p('1590.00', '1090.00'), [
        ['Grey', 6],
        ['Red', 2],
      ]),
    },
    {
      collection: eu ? 'Winter sports' : 'Camping',
      name: eu ? 'All-mountain skis' : 'Four-person tent',
      description: eu
        ? 'All-mountain skis with bindings, adjusted to the skier at pick-up.'
        : 'A four-season tent for four, with footprint and repair kit.',
      rental_prices: { monthly: p('39.00', '49.00'), quarterly: p('99.00', '119.00') },
      minimum_term_months: 1,
      deposit: p('100.00', '120.00'),
      buyout_price: p('420.00', '520.00'),
      purchase_price: p('310.00', '380.00'),
      variants: eu
        ? sizes('SKI-AM', '690.00', [
            ['160', 5],
            ['170', 8],
            ['180', 6],
          ])
        : colours('TENT-4P', '549.00', [
            ['Green', 9],
            ['Orange', 4],
          ]),
    },
    {
      collection: eu ? 'Winter sports' : 'Camping',
      name: eu ? 'Ski boots' : 'Down sleeping bag',
      description: eu ? 'Heat-mouldable ski boots.' : 'Rated to -15 °C, with a compression sack.',
      rental_prices: { monthly: p('19.00', '25.00') },
      minimum_term_months: 1,
      deposit: p('50.00', '60.00'),
      buyout_price: p('260.00', '290.00'),
      purchase_price: p('180.00', '210.00'),
      variants: eu
        ? sizes('BOOT', '349.00', [
            ['26', 6],
            ['27', 10],
            ['28', 8],
            ['29', 4],
          ])
        : sizes('SLEEP', '379.00', [
            ['Regular', 12],
            ['Long', 5],
          ]),
    },
    {
      collection: eu ? 'Winter sports' : 'Camping',
      name: eu ? 'Snowboard' : 'Canoe, 16 ft',
      description: eu ? 'All-round board with bindings.' : 'Three-seat Royalex canoe with paddles and PFDs.',
      rental_prices: { monthly: p('129.00', '45.00'), quarterly: p('349.00', '119.00') },
      minimum_term_months: eu ? 1 : 2,
      deposit: p('300.00', '100.00'),
      buyout_price: p('1490.00', '420.00'),
      purchase_price: p('1150.00', '330.00'),
      variants: eu
        ? sizes('SNB', '549.00', [
            ['148', 3],
            ['154', 5],
            ['158', 4],
          ])
        : colours('CANOE-16', '1890.00', [
            ['Red', 2],
            ['Green', 2],
          ]),
    },
    {
      collection: 'Cameras',
      name: 'Mirrorless camera kit',
      description: '24 MP full-frame body with a 24-70 mm lens, two batteries and a 128 GB card.',
      rental_prices: { monthly: p('129.00', '89.00'), quarterly: p('359.00', '249.00') },
      minimum_term_months: 1,
      deposit: p('500.00', '350.00'),
      buyout_price: p('2190.00', '1490.00'),
      purchase_price: p('1890.00', '1290.00'),
      variants: [
        {
          sku: 'CAM-FF-KIT',
          name: 'Body and 24-70 mm',
          options: {},
          price: p('2899.00', '1990.00'),
          stock: 5,
        },
      ],
    },
    {
      collection: 'Cameras',
      name: 'Action camera',
      description: 'Waterproof to 10 m, 5.3K video, with a helmet mount.',
      rental_prices: { monthly: p('29.00', '19.00') },
      minimum_term_months: 1,
      deposit: p('80.00', '50.00'),
      buyout_price: p('390.00', '260.00'),
      purchase_price: p('320.00', '215.00'),
      variants: colours('CAM-ACT', p('549.00', '379.00'), [['Black', 14]]),
    },
    {
      collection: 'Cameras',
      name: 'Trail camera',
      description: 'Weatherproof wildlife camera, rented with its strap and mount.',
      rental_prices: { monthly: p('14.90', '9.90'), annually: p('149.00', '99.00') },
      minimum_term_months: 3,
      deposit: p('40.00', '25.00'),
      buyout_price: p('120.00', '80.00'),
      purchase_price: p('95.00', '62.00'),
      variants: colours('CAM-TRAIL', p('189.00', '129.00'), [
        ['Camo', 20],
        ['Black', 8],
      ]),
    },
    {
      collection: 'Accessories',
      name: 'Bike helmet',
      description: 'A consumable: sold with a rental, not rented.',
      type: 'consumable',
      product_class: eu ? 'reduced' : 'standard',
      variants: sizes('HELMET', p('79.00', '49.00'), [
        ['S', 15],
        ['M', 25],
        ['L', 18],
      ]),
    },
    {
      collection: 'Accessories',
      name: 'Route planner subscription',
      description: 'Offline maps and route planning, delivered as a download code.',
      type: 'digital',
      rental_prices: { monthly: p('4.99', '3.49'), annually: p('49.00', '34.90') },
      variants: [{ sku: 'MAPS-SUB', name: 'Licence', options: {}, price: null, stock: null }],
    },
    {
      collection: 'Accessories',
      name: 'Spare battery, 500 Wh',
      description: 'Fits the city and folding e-bikes.',
      rental_prices: { monthly: p('12.00', '8.00') },
      deposit: p('60.00', '40.00'),
      buyout_price: p('420.00', '290.00'),
      purchase_price: p('350.00', '240.00'),
      variants: [{ sku: 'BAT-500', name: '500 Wh', options: {}, price: p('599.00', '399.00'), stock: 11 }],
    },
  ];
}

/**
 * Combined sales tax by province (GST, plus PST, QST or HST), as a Canadian merchant charges it on
 * a rental; the percentages as in force in 2026. Germany, Austria and Switzerland for the European demo.
 */
function taxRules(market: DemoMarket): TaxRuleInput[] {
  if (market === 'canada') {
    const provinces: [string, string, string][] = [
      ['AB', '5', 'GST'],
      ['BC', '12', 'GST + PST'],
      ['MB', '12', 'GST + RST'],
      ['NB', '15', 'HST'],
      ['NL', '15', 'HST'],
      ['NS', '14', 'HST'],
      ['ON', '13', 'HST'],
      ['PE', '15', 'HST'],
      ['QC', '14.975', 'GST + QST'],
      ['SK', '11', 'GST + PST'],
      ['NT', '5', 'GST'],
      ['NU', '5', 'GST'],
      ['YT', '5', 'GST'],
    ];
    return provinces.map(([region, percentage, name]) => ({
      name: `${name} ${region}`,
      country: 'ca',
      region,
      product_class: 'standard',
      percentage,
    }));
  }
  return [
    { name: 'MwSt. DE', country: 'de', product_class: 'standard', percentage: '19' },
    { name: 'MwSt. DE ermäßigt', country: 'de', product_class: 'reduced', percentage: '7' },
    { name: 'USt. AT', country: 'at', product_class: 'standard', percentage: '20' },
    { name: 'USt. AT ermäßigt', country: 'at', product_class: 'reduced', percentage: '10' },
    { name: 'MWST CH', country: 'ch', product_class: 'standard', percentage: '8.1' },
    { name: 'MWST CH reduziert', country: 'ch', product_class: 'reduced', percentage: '2.6' },
  ];
}

/**
 * The context of the first start's seeding: the system on behalf of nobody (no user exists yet). The
 * catalog's create functions reach nothing outside the database, so the outside world is empty.
 */
export const seedCtx = (db: Db, companyId: number): Ctx => ({
  db,
  companyId,
  actor: jobActor('demo-seed', 'first-start', null),
  clock: systemClock,
  deps: {
    boss: null,
    mailer: null,
    appUrl: undefined,
    secrets: createSecrets(randomBytes(32)),
    allowPrivateShopUrls: false,
  },
});

/** Fills one company's catalog; returns the number of products made. */
export async function seedDemoCatalog(db: Db, companyId: number, market: DemoMarket): Promise<number> {
  const ctx = seedCtx(db, companyId);
  const made: { id: number; collection: string; variantIds: number[] }[] = [];
  for (const { collection, ...input } of products(market)) {
    const product = await createProduct(ctx, productCreateSchema.parse(input));
    made.push({ id: product.id, collection, variantIds: product.variants.map((v) => v.id) });
  }
  for (const name of new Set(made.map((m) => m.collection))) {
    const product_ids = made.filter((m) => m.collection === name).map((m) => m.id);
    await createCollection(ctx, collectionInputSchema.parse({ name, product_ids }));
  }
  // The first city e-bike size with its helmet and spare battery, rented together.
  const [bike, , , , , , , , , helmet, , battery] = made;
  const bundle = await createBundle(
    ctx,
    bundleInputSchema.parse({
      name: 'Commuter set',
      description: 'City e-bike, helmet and a spare battery.',
      price: market === 'canada' ? '109.00' : '72.00',
    }),
  );
  const pick = (m: (typeof made)[number] | undefined) => m?.variantIds[0];
  const variants = [pick(bike), pick(helmet), pick(battery)]
    .filter((id): id is number => id !== undefined)
    .map((variant_id) => ({ variant_id, quantity: 1 }));
  await addBundleVariants(ctx, bundle.id, bundleVariantsChangeSchema.parse({ variants }));
  for (const rule of taxRules(market)) await createTaxRule(ctx, taxRuleInputSchema.parse(rule));
  return made.length;
}
