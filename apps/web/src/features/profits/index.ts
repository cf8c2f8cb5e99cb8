export { profitSummaryQuery } from './profits.api';
