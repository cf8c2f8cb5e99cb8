import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { availableProfitResponse, balanceResponse, centsToDollars } from '@fbo/shared';
import type { AppContext } from '../../context';
import { teamProfit, walletBalances } from './ledger';

/** The seller header's figures: the wallet balance and the profit payable now (docs/money.md). */
export async function moneyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/balances/seller-teams', {
    config: { permission: 'seller.balance' },
    schema: { tags: ['money'], summary: "The signed-in seller team's wallet balance (USD)", response: { 200: balanceResponse } },
  }, async (req) => {
    const teamId = req.actor!.sellerTeamId!;
    return { amount: centsToDollars((await walletBalances(ctx.db, [teamId])).get(teamId) ?? 0) };
  });

  r.get('/api/profits/available', {
    config: { permission: 'seller.profit' },
    schema: { tags: ['money'], summary: "The signed-in seller team's profit available for payout (USD)", response: { 200: availableProfitResponse } },
  }, async (req) => ({ remainProfit: centsToDollars((await teamProfit(ctx.db, req.actor!.sellerTeamId!)).remainProfitCents) }));
}
