/** The face of this module: nothing here is used by another module yet; add exports here when it is. */
export {};
