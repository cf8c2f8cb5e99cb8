export { RefundButton } from './components/RefundButton';
