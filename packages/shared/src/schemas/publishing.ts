/** Publishing a catalog product to a seller's store (docs/publishing.md): request and answer shapes. */
export {};
