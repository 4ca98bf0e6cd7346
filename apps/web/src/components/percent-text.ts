/**
 * Percentages as the screens show them. Zod-free, unlike the fields that read them (`components/amounts.ts`),
 * so a screen that only shows a rate (the order builder's totals) does not load zod (docs/performance.md,
 * "First load").
 */

/** A percentage without its trailing zeros, as a field shows it: "13.00" -> "13", "9.50" -> "9.5". */
export const percentText = (percentage: string) =>
  percentage.includes('.') ? percentage.replace(/0+$/, '').replace(/\.$/, '') : percentage;

/** "13.00" -> "13 %", "9.975" -> "9.975 %", "14.9750" -> "14.975 %". */
export const formatPercent = (percentage: string) => `${percentText(percentage)} %`;
