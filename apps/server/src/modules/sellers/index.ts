/** Seller teams: created at sign-up (auth), read by money screens (deposits, invoices, payouts, profits, referrals). */
export { defaultBasecostId, findTeam, insertSellerTeam, teamByReferralCode, teamOptions } from './sellers.repo';
