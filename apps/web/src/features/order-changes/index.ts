export { ChangeRequestsCard } from './components/ChangeRequestsCard';
