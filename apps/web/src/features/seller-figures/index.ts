export { SellerFigures } from './components/SellerFigures';
