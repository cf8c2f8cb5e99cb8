/** The order lists: the export's columns, which the production reports reuse, and the cannot-ship re-flag the seed runs. */
export { EXPORT_COLUMNS } from './order-export';
export { reflagOpenOrders } from './cannot-ship';
