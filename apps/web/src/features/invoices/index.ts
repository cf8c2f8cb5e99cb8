export { dayBounds } from './invoices.api';
export { BillsCard } from './components/BillsCard';
