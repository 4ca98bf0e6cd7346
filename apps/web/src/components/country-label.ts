import { countryName } from '@rentloop/domain/countries';

/** A country in a label or a table cell: its name from the domain's country table, or the code in capitals. */
export const countryLabel = (code: string) => countryName(code) ?? code.toUpperCase();
