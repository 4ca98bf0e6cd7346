/** The catalog's query keys, one factory per resource (STYLE.md #2): the products area's, and read by settings (the tax configuration) and the product pickers. */
import { queryKeysFactory } from './query-keys.ts';

export const productsKeys = queryKeysFactory('products');
export const variantsKeys = queryKeysFactory('variants');
export const productSyncKeys = queryKeysFactory('product-sync');
export const bundlesKeys = queryKeysFactory('bundles');
export const collectionsKeys = queryKeysFactory('product-collections');
export const taxRulesKeys = queryKeysFactory('tax-rules');
export const taxConfigKeys = queryKeysFactory('tax-configs');
export const availabilityKeys = queryKeysFactory('availability-settings');
export const shopSettingsKeys = queryKeysFactory('shop-settings');
