/** Etsy's request and answer shapes (docs/stores-etsy.md). */
export {};
