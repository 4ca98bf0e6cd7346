/** The catalog's enumerations as people read them: the product forms, the tax rules and the shipping rules. */
import type { PRODUCT_CLASSES } from '@rentloop/domain/catalog';
import type { PRODUCT_TYPES } from '@rentloop/domain/enums';

export const PRODUCT_TYPE_LABELS: Record<(typeof PRODUCT_TYPES)[number], string> = {
  normal: 'Normal',
  consumable: 'Consumable',
  digital: 'Digital',
};
export const PRODUCT_CLASS_LABELS: Record<(typeof PRODUCT_CLASSES)[number], string> = {
  standard: 'Standard rate',
  reduced: 'Reduced rate',
  zero: 'Zero rate',
};

/** A variant's options as one line: "Size: M, Colour: red". */
export const formatOptions = (options: Record<string, string>) =>
  Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
