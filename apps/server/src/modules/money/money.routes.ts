import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { availableProfitResponse, balanceResponse, centsToDollars } from '@fbo/shared';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/index';

/** The seller header's figures, read from the team's accounts (zero until money moves). */
export async function moneyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const account = async (sellerTeamId: string, kind: 'wallet' | 'profit') => {
    const [row] = await ctx.db
      .select({ balance: accounts.balanceCents, available: accounts.availableCents })
      .from(accounts)
      .where(and(eq(accounts.sellerTeamId, sellerTeamId), eq(accounts.kind, kind)));
    return row ?? { balance: 0, available: 0 };
  };

  r.get('/api/balances/seller-teams', {
    config: { permission: 'seller.balance' },
    schema: { tags: ['money'], summary: "The signed-in seller team's wallet balance (USD)", response: { 200: balanceResponse } },
  }, async (req) => ({ amount: centsToDollars((await account(req.actor!.sellerTeamId!, 'wallet')).balance) }));

  r.get('/api/profits/available', {
    config: { permission: 'seller.profit' },
    schema: { tags: ['money'], summary: "The signed-in seller team's profit available for payout (USD)", response: { 200: availableProfitResponse } },
  }, async (req) => ({ remainProfit: centsToDollars((await account(req.actor!.sellerTeamId!, 'profit')).available) }));
}
