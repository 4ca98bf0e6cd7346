import { describe, expect, it } from 'vitest';
import { graphBuckets, ratio2 } from './graphs.ts';

describe('graphBuckets', () => {
  it('makes 12 months across a year end, the last ending today', () => {
    const b = graphBuckets('monthly', '2026-02-10');
    expect(b).toHaveLength(12);
    expect(b[0]).toEqual({ label: '2025-03', from: '2025-03-01', to: '2025-03-31' });
    expect(b[10]).toEqual({ label: '2026-01', from: '2026-01-01', to: '2026-01-31' });
    expect(b[11]).toEqual({ label: '2026-02', from: '2026-02-01', to: '2026-02-10' });
  });
  it('makes 6 quarters and 6 years', () => {
    const q = graphBuckets('quarterly', '2026-01-05');
    expect(q.map((x) => x.label)).toEqual(['2024-Q4', '2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4', '2026-Q1']);
    expect(q[0]).toMatchObject({ from: '2024-10-01', to: '2024-12-31' });
    expect(graphBuckets('annually', '2026-07-01').map((x) => [x.label, x.from])).toEqual([
      ['2021', '2021-01-01'],
      ['2022', '2022-01-01'],
      ['2023', '2023-01-01'],
      ['2024', '2024-01-01'],
      ['2025', '2025-01-01'],
      ['2026', '2026-01-01'],
    ]);
  });
});

describe('ratio2', () => {
  it('divides exactly with two decimals, half up, signs kept', () => {
    expect(ratio2(1n, 3n, 100n)).toBe('33.33');
    expect(ratio2(2n, 3n, 100n)).toBe('66.67');
    expect(ratio2(1n, 8n)).toBe('0.13');
    expect(ratio2(-1n, 8n)).toBe('-0.13');
    expect(ratio2(-1n, 1000n)).toBe('0.00');
    expect(ratio2(5n, 0n)).toBeNull();
  });
});
