export { OrderReportsButton } from './components/OrderReportsButton';
