/**
 * The agency's seller teams (spec part 1: Sellers list, seller detail, dialogs). The agency always
 * comes from the actor; another agency's team, or a soft-deleted one, is not found. Every change is
 * one transaction with an audit entry (docs/decisions.md, "Sellers").
 */
import { randomBytes } from 'node:crypto';
import {
  SELLER_LIMITS,
  SELLER_MSG as M,
  TOKEN_TTL,
  centsToDollars,
  type Actor,
  type SellerCreateBody,
  type SellerListQuery,
  type SellerMapUserBody,
  type SellerResetPasswordBody,
  type SellerTeamRow,
  type SellerUpdateBody,
  WAREHOUSE_MSG,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { appLink } from '../../lib/public-links';
import { writeAudit } from '../audit';
import { agencyById } from '../agencies';
import { hashPassword, issueOneTimeToken, type RequestMeta } from '../credentials';
import { lockAccount, profitFigures, walletBalances } from '../money';
import { teamOwnsStock, teamRunsWarehouse } from '../warehouses';
import * as repo from './sellers.repo';

function agencyOf(actor: Actor): string {
  // The permission table lets only agency users here; belt and braces.
  if (actor.userType !== 'agency' || !actor.agencyId) throw forbidden();
  return actor.agencyId;
}

const codeTaken = () => badRequest(M.codeTaken, { code: M.codeTaken });
const referralTaken = () => badRequest(M.referralCodeTaken, { referralCode: M.referralCodeTaken });

/** Unique indexes have the last word when two changes race. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, constraint } = repo.pgError(error);
    if (code === '23505') {
      if (constraint === 'users_email_uq') throw conflict(M.managerTaken);
      if (constraint === 'seller_teams_referral_uq') throw referralTaken();
      if (constraint === 'seller_teams_agency_code_uq') throw codeTaken();
      throw conflict('This record changed meanwhile. Please reload and try again.');
    }
    if (code === '23503') throw conflict('This record changed meanwhile. Please reload and try again.');
    throw error;
  }
}

const audit = (tx: Tx, actor: Actor, entry: { entityId: string; action: string; before?: unknown; after?: unknown; reason?: string }) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'seller_team', ...entry });

function toRow(r: repo.SellerRowBase, balanceCents: number): SellerTeamRow {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    rate: Number(r.rate),
    referralCode: r.referralCode,
    referralFrom: r.referralFromId
      ? { id: r.referralFromId, name: r.referralFromName ?? '', code: r.referralFromCode ?? '', managerEmail: r.referralFromManagerEmail }
      : null,
    basecost: r.basecostId ? { id: r.basecostId, name: r.basecostName ?? '' } : null,
    supporter: r.supporterId ? { id: r.supporterId, email: r.supporterEmail ?? '' } : null,
    manager: r.managerId ? { id: r.managerId, email: r.managerEmail ?? '' } : null,
    balance: { amount: centsToDollars(balanceCents) },
    pendingTopUp: r.pendingTopUp,
    pendingPayoutDays: r.pendingPayoutDays,
    autoApproveOrder: r.autoApproveOrder,
    getOrderAPI: r.getOrderAPI,
    active: r.active,
    sellerType: r.sellerType,
    mappedUser: r.mappedUserId ? { id: r.mappedUserId, email: r.mappedUserEmail ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Rows with their wallet balances, fetched for the whole page at once. */
async function withBalances(db: AppContext['db'] | Tx, rows: repo.SellerRowBase[]) {
  const balances = await walletBalances(db, rows.map((r) => r.id));
  return rows.map((r) => toRow(r, balances.get(r.id) ?? 0));
}

async function rowOr404(db: AppContext['db'] | Tx, agencyId: string, id: string) {
  const row = await repo.sellerTeamRow(db, agencyId, id);
  if (!row) throw notFound(M.notFound);
  return (await withBalances(db, [row]))[0]!;
}

async function checkBasecost(tx: Tx, agencyId: string, id: string) {
  if (!(await repo.agencyBasecost(tx, agencyId, id))) throw badRequest(M.basecostNotFound, { basecost: M.basecostNotFound });
}

async function checkSupporter(tx: Tx, agencyId: string, id: string | null | undefined) {
  if (!id) return;
  if (!(await repo.agencyUser(tx, agencyId, id))) throw badRequest(M.supporterNotFound, { supporter: M.supporterNotFound });
}

// ----- list, detail, filters, members -----

export async function list(ctx: AppContext, actor: Actor, q: SellerListQuery) {
  const { rows, count } = await repo.listSellerTeams(ctx.db, agencyOf(actor), q);
  return listAnswer(await withBalances(ctx.db, rows), count, q);
}

export async function detail(ctx: AppContext, actor: Actor, id: string) {
  return { data: await rowOr404(ctx.db, agencyOf(actor), id) };
}

export async function filterOptions(ctx: AppContext, actor: Actor, type: 'basecost') {
  const agencyId = agencyOf(actor);
  // One filter type exists today; the parameter keeps the spec's call shape open for more.
  if (type === 'basecost') return { data: await repo.agencyBasecostOptions(ctx.db, agencyId) };
  return { data: [] };
}

export async function members(ctx: AppContext, actor: Actor, id: string) {
  const agencyId = agencyOf(actor);
  if (!(await repo.findTeam(ctx.db, agencyId, id))) throw notFound(M.notFound);
  return { data: await repo.members(ctx.db, id, 10_000) };
}

// ----- create -----

/**
 * Creates the team with its two accounts. A new manager e-mail gets a pending seller manager and
 * the 'seller_created' mail with a set-password link (the password-reset token, 72 hours); an
 * existing seller manager with no team (of no agency or this one) is linked; anyone else: 409.
 */
export async function create(ctx: AppContext, actor: Actor, body: SellerCreateBody, meta: RequestMeta) {
  const agencyId = agencyOf(actor);
  // Hashed outside the transaction: argon2 is slow on purpose. Nobody knows this password.
  const placeholderHash = await hashPassword(randomBytes(32).toString('base64url'));
  const { teamId, invite } = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.codeTaken(tx, agencyId, body.code)) throw codeTaken();
      await checkBasecost(tx, agencyId, body.basecost);
      await checkSupporter(tx, agencyId, body.supporter);
      const existing = await repo.userByEmail(tx, body.manager);
      if (existing) {
        const linkable =
          existing.userType === 'seller' &&
          !existing.isSubUser &&
          !existing.deletedAt &&
          existing.status !== 'disabled' &&
          !existing.sellerTeamId &&
          (existing.agencyId === null || existing.agencyId === agencyId);
        if (!linkable) throw conflict(M.managerTaken);
      }
      const managerUser =
        existing ??
        (await repo.insertManager(tx, { email: body.manager, fullName: body.manager.split('@')[0]!, passwordHash: placeholderHash, agencyId }));
      const team = await repo.insertSellerTeam(tx, {
        agencyId,
        name: body.name,
        code: body.code,
        managerId: managerUser.id,
        referralFromId: null,
        basecostId: body.basecost,
        supporterId: body.supporter ?? null,
        rate: body.rate,
        sellerType: body.sellerType,
        active: body.active,
        autoApproveOrder: body.autoApproveOrder,
      });
      await repo.bindManager(tx, managerUser.id, agencyId, team.id);
      const token = existing ? null : await issueOneTimeToken(tx, managerUser.id, 'reset_password', TOKEN_TTL.emailConfirmationHours * 3600_000);
      await audit(tx, actor, {
        entityId: team.id,
        action: 'create',
        after: {
          name: team.name, code: team.code, managerId: managerUser.id, managerCreated: !existing, basecostId: team.basecostId,
          supporterId: team.supporterId, rate: team.rate, sellerType: team.sellerType, active: team.active, autoApproveOrder: team.autoApproveOrder,
        },
      });
      return {
        teamId: team.id,
        invite: token ? { token, email: managerUser.email, name: managerUser.fullName, teamName: team.name } : null,
      };
    }),
  );
  // After the commit: a failed delivery never fails the creation (it is in the e-mail history).
  if (invite) {
    const agency = await agencyById(ctx.db, agencyId);
    await ctx.mailer.send({
      agencyId,
      to: invite.email,
      templateCode: 'seller_created',
      vars: {
        name: invite.name,
        agencyName: agency?.name ?? 'Fulfilment',
        teamName: invite.teamName,
        email: invite.email,
        link: await appLink(ctx, { agencyId, requestHost: meta.host }, `/auth/reset-password?token=${invite.token}`),
      },
    });
  }
  return { message: M.created, data: await rowOr404(ctx.db, agencyId, teamId) };
}

// ----- update -----

/**
 * The edit dialog's save. A sub-user (staff) may edit but never changes the supporter: the field
 * is disabled on its screen and ignored here. Switching to the default type clears the mapped user.
 */
export async function update(ctx: AppContext, actor: Actor, id: string, body: SellerUpdateBody) {
  const agencyId = agencyOf(actor);
  const data = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const before = await repo.findTeam(tx, agencyId, id, true);
      if (!before) throw notFound(M.notFound);
      if (body.code !== undefined && (await repo.codeTaken(tx, agencyId, body.code, id))) throw codeTaken();
      if (await repo.referralCodeTaken(tx, body.referralCode, id)) throw referralTaken();
      await checkBasecost(tx, agencyId, body.basecost);
      const supporterId = actor.isSubUser || body.supporter === undefined ? before.supporterId : body.supporter;
      if (supporterId !== before.supporterId) await checkSupporter(tx, agencyId, supporterId);
      const sellerType = body.sellerType ?? before.sellerType;
      // A team that runs a warehouse stays a warehouse team: its users would otherwise open the seller area (docs/warehouses.md).
      if (before.sellerType === 'warehouse' && sellerType !== 'warehouse' && (await teamRunsWarehouse(tx, agencyId, id))) throw conflict(WAREHOUSE_MSG.typeLocked);
      const after = {
        name: body.name,
        code: body.code ?? before.code,
        basecostId: body.basecost,
        active: body.active ?? before.active,
        autoApproveOrder: body.autoApproveOrder ?? before.autoApproveOrder,
        getOrderApi: body.getOrderAPI ?? before.getOrderApi,
        supporterId,
        referralCode: body.referralCode,
        sellerType,
        rate: body.rate === undefined ? before.rate : String(body.rate),
        pendingPayoutDays: body.pendingPayoutDays,
        mappedUserId: sellerType === 'warehouse' ? before.mappedUserId : null,
      };
      await repo.updateTeam(tx, id, after);
      const pick = (t: typeof after) => ({ ...t, rate: Number(t.rate) });
      await audit(tx, actor, {
        entityId: id,
        action: 'update',
        before: pick({
          name: before.name, code: before.code, basecostId: before.basecostId ?? '', active: before.active, autoApproveOrder: before.autoApproveOrder,
          getOrderApi: before.getOrderApi, supporterId: before.supporterId, referralCode: before.referralCode, sellerType: before.sellerType,
          rate: before.rate, pendingPayoutDays: before.pendingPayoutDays, mappedUserId: before.mappedUserId,
        }),
        after: pick(after),
        reason: actor.isSubUser && body.supporter !== undefined && body.supporter !== before.supporterId ? 'supporter change by a sub-user ignored' : undefined,
      });
      return rowOr404(tx, agencyId, id);
    }),
  );
  return { message: M.updated, data };
}

// ----- delete -----

/**
 * Soft delete, refused while the team holds money (either account not 0, a pending deposit or
 * payout) or has open orders. Its accounts are locked first, so no movement slips in meanwhile.
 * Its users are disabled and signed out everywhere.
 */
export async function remove(ctx: AppContext, actor: Actor, id: string) {
  const agencyId = agencyOf(actor);
  await ctx.db.transaction(async (tx) => {
    const team = await repo.findTeam(tx, agencyId, id, true);
    if (!team) throw notFound(M.notFound);
    await lockAccount(tx, id, 'wallet');
    await lockAccount(tx, id, 'profit');
    const blockers = await repo.deleteBlockers(tx, id);
    if (blockers.money) throw conflict(M.deleteHasMoney);
    // Stock is the team's property held in a warehouse: like money, it must leave first.
    if (await teamOwnsStock(tx, agencyId, id)) throw conflict(WAREHOUSE_MSG.ownsStock);
    if (blockers.openOrders) throw conflict(M.deleteHasOrders);
    await repo.softDeleteTeam(tx, id);
    const disabled = await repo.disableTeamUsers(tx, id);
    await audit(tx, actor, {
      entityId: id,
      action: 'delete',
      before: { name: team.name, code: team.code, active: team.active },
      after: { deleted: true, disabledUsers: disabled.map((u) => u.email) },
    });
  });
  return { message: M.deleted };
}

// ----- map user (warehouse teams) -----

export async function mapUser(ctx: AppContext, actor: Actor, body: SellerMapUserBody) {
  const agencyId = agencyOf(actor);
  await ctx.db.transaction(async (tx) => {
    const team = await repo.findTeam(tx, agencyId, body.userId, true);
    if (!team) throw notFound(M.notFound);
    if (team.sellerType !== 'warehouse') throw conflict(M.mapWarehouseOnly);
    if (!(await repo.agencyUser(tx, agencyId, body.mappedUser))) {
      throw badRequest(M.mappedUserNotFound, { mappedUser: M.mappedUserNotFound });
    }
    await repo.updateTeam(tx, team.id, { mappedUserId: body.mappedUser });
    await audit(tx, actor, { entityId: team.id, action: 'map_user', before: { mappedUserId: team.mappedUserId }, after: { mappedUserId: body.mappedUser } });
  });
  return { message: M.mapped };
}

// ----- the manager's password -----

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The agency sets the manager's password (the Reset password dialog). Every session of the manager
 * ends; a manager still pending (never set a password from the welcome mail) becomes active, since
 * the agency now hands the password over itself.
 */
export async function resetManagerPassword(ctx: AppContext, actor: Actor, managerId: string, body: SellerResetPasswordBody) {
  const agencyId = agencyOf(actor);
  if (!UUID.test(managerId)) throw badRequest(M.managerRequired);
  const team = await repo.teamManagedBy(ctx.db, agencyId, managerId);
  if (!team) throw notFound(M.managerNotFound);
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    const user = await repo.setPassword(tx, managerId, passwordHash);
    if (!user) throw notFound(M.managerNotFound);
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId,
      entity: 'user',
      entityId: managerId,
      action: 'reset_password',
      after: { sellerTeamId: team.id, status: user.status },
    });
  });
  return { message: M.resetSuccess };
}

// ----- profits of the page's teams -----

export async function profits(ctx: AppContext, actor: Actor, ids: string[]) {
  const agencyId = agencyOf(actor);
  const own = await repo.agencyTeamIds(ctx.db, agencyId, ids.slice(0, SELLER_LIMITS.selectLimit));
  const figures = await profitFigures(ctx.db, own);
  return {
    data: own.map((id) => {
      const f = figures.get(id)!;
      return {
        sellerTeam: id,
        totalAmountPaid: centsToDollars(f.totalAmountPaidCents),
        totalHold: centsToDollars(f.totalHoldCents),
        totalProfit: centsToDollars(f.totalProfitCents),
        remainProfit: centsToDollars(f.remainProfitCents),
      };
    }),
  };
}
