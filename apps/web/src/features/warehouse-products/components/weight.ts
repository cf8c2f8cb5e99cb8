/** A weight as typed, with its unit ("11.99 oz"). */
export const weightText = (w: { value: number; unit: string }) => `${w.value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${w.unit}`;
