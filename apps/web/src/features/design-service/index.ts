export { DesignCard } from './components/DesignCard';
