/** A valid CPF (11 digits, check digits right) made from `seed`, different for each seed below 12,000. */
export function testCpf(seed: number): string {
  const base = String(100_000_000 + seed * 7919)
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, d, i) => total + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}
