/** A download's time in its file name, UTC to the second: `20261207-143005` (sorts as it reads, no `:` for Windows). */
export const fileStamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
