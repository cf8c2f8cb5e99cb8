/** The order import's face: what other modules may use (the sheet reader and the failed-rows report, for bulk mapping). */
export { fileKind, readSheet, type Sheet } from './sheet';
export { saveFailedRows } from './failed-rows-report';
