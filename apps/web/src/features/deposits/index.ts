export { SellerDepositRequests } from './components/SellerDepositRequests';
export { SellerTopupButton } from './components/SellerTopupButton';
export { DepositsCard } from './components/DepositsCard';
