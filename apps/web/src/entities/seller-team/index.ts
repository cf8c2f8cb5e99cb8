export { balanceQuery, profitQuery } from './seller-team.api';
