/** The query keys of the products area, one factory per resource (STYLE.md #2). */
import { queryKeysFactory } from '../../api/query-keys.ts';

export const productsKeys = queryKeysFactory('products');
export const variantsKeys = queryKeysFactory('variants');
export const productSyncKeys = queryKeysFactory('product-sync');
export const bundlesKeys = queryKeysFactory('bundles');
export const collectionsKeys = queryKeysFactory('product-collections');
export const taxRulesKeys = queryKeysFactory('tax-rules');
export const taxConfigKeys = queryKeysFactory('tax-configs');
export const availabilityKeys = queryKeysFactory('availability-settings');
export const shopSettingsKeys = queryKeysFactory('shop-settings');
