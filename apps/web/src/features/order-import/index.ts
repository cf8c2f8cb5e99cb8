export { ImportOrdersButton } from './components/ImportOrdersButton';
