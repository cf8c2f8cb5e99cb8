/** The orders feature's face: the agency's seller teams its filters offer (the KPIs page filters by them too). */
export { orderTeamsQuery } from './orders.api';
