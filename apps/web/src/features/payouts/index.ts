export { PayoutsCard } from './components/PayoutsCard';
