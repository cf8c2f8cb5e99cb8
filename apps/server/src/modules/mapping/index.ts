/** The mapping module's face (docs/stores.md "Mapping"): nothing here is used by another module yet. */
export {};
