/**
 * The administrator's agencies: list, create with its owner account, update, delete, members, the
 * catalogs each agency offers and what it pays for them (agency_variant_costs). Only the
 * administrator gets here ('agencies.admin'); every change is one transaction and audited.
 */
import { randomBytes } from 'node:crypto';
import {
  AGENCY_MSG,
  DEFAULT_AGENCY_SETTINGS,
  DEFAULT_THEME,
  THEME_LIMITS,
  applyCostChange,
  type Actor,
  type AgencyCatalogsBody,
  type AgencyCreateBody,
  type AgencyListQuery,
  type AgencyUpdateBody,
  type CatalogCostsBody,
  type NotAddedQuery,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { forgotPassword } from '../auth';
import { hashPassword, type RequestMeta } from '../credentials';
import { pgErrorCode } from '../proxies';
import * as repo from './agencies-admin.repo';

const M = AGENCY_MSG;
const codeTaken = () => badRequest(M.codeTaken, { code: M.codeTaken });

/** Unique indexes and foreign keys have the last word when two changes race. */
async function guarded<T>(work: () => Promise<T>, onForeignKey = 'This record changed meanwhile. Please reload and try again.'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = pgErrorCode(error);
    if (code === '23505') {
      const constraint = repo.pgConstraint(error);
      if (constraint === 'users_email_uq') throw badRequest(M.managerBound, { manager: M.managerBound });
      throw codeTaken();
    }
    if (code === '23503') throw conflict(onForeignKey);
    throw error;
  }
}

const audit = (tx: Tx, actor: Actor, entry: { entityId: string; action: string; before?: unknown; after?: unknown }) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: null, entity: 'agency', ...entry });

async function agencyOr404(tx: Tx, id: string) {
  const agency = await repo.findAgency(tx, id, true);
  if (!agency) throw notFound(M.notFoundAgency);
  return agency;
}

/** A base cost named in a body must be one of the administrator's (not an agency group). */
async function checkBasecost(tx: Tx, id: string | null | undefined) {
  if (!id) return;
  if (!(await repo.adminBasecost(tx, id))) throw badRequest(M.basecostNotFound, { basecost: M.basecostNotFound });
}

// ----- list and detail -----

export async function list(ctx: AppContext, q: AgencyListQuery) {
  const { rows, count } = await repo.listAgencies(ctx.db, q);
  return listAnswer(rows, count, q);
}

export async function detail(ctx: AppContext, id: string) {
  const data = await repo.agencyItem(ctx.db, id);
  if (!data) throw notFound(M.notFoundAgency);
  return { data };
}

export async function members(ctx: AppContext, id: string, q: { page: number; limit: number }) {
  if (!(await repo.agencyItem(ctx.db, id))) throw notFound(M.notFoundAgency);
  const { rows, count } = await repo.members(ctx.db, id, q);
  return listAnswer(rows, count, q);
}

// ----- create -----

/**
 * Creates the agency with the default theme and settings, and its owner: a new e-mail gets a
 * pending owner account and the password-reset mail (the set-password link; reset activates it);
 * an existing user is linked only when bound to no agency or seller team.
 */
export async function create(ctx: AppContext, actor: Actor, body: AgencyCreateBody, meta: RequestMeta) {
  // Hashed outside the transaction: argon2 is slow on purpose. Nobody knows this password.
  const placeholderHash = await hashPassword(randomBytes(32).toString('base64url'));
  const { agencyId, invited } = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.codeTaken(tx, body.code)) throw codeTaken();
      await checkBasecost(tx, body.basecost);
      const existing = await repo.userByEmail(tx, body.manager);
      if (existing) {
        if (existing.userType === 'administrator' || existing.userType === 'supplier') {
          throw badRequest(M.managerNotAgency, { manager: M.managerNotAgency });
        }
        if (existing.agencyId || existing.sellerTeamId || existing.deletedAt) throw badRequest(M.managerBound, { manager: M.managerBound });
      }
      const agency = await repo.insertAgency(tx, {
        name: body.name,
        code: body.code,
        active: body.active,
        basecostId: body.basecost ?? null,
        config: { ...DEFAULT_THEME, title: body.name.slice(0, THEME_LIMITS.titleMax) },
        settings: { ...DEFAULT_AGENCY_SETTINGS },
      });
      let ownerId: string;
      if (existing) {
        await repo.bindOwner(tx, existing.id, agency.id);
        ownerId = existing.id;
      } else {
        const owner = await repo.insertOwner(tx, {
          email: body.manager,
          fullName: body.manager.split('@')[0]!,
          passwordHash: placeholderHash,
          agencyId: agency.id,
        });
        ownerId = owner.id;
      }
      await repo.updateAgency(tx, agency.id, { managerId: ownerId });
      await audit(tx, actor, {
        entityId: agency.id,
        action: 'create',
        after: { name: agency.name, code: agency.code, active: agency.active, basecostId: agency.basecostId, managerId: ownerId, ownerCreated: !existing },
      });
      return { agencyId: agency.id, invited: !existing };
    }),
  );
  // After the commit: the set-password link is the password-reset mail of modules/auth.
  if (invited) await forgotPassword(ctx, body.manager, meta);
  return { message: 'Created', data: (await repo.agencyItem(ctx.db, agencyId))! };
}

// ----- update -----

export async function update(ctx: AppContext, actor: Actor, id: string, body: AgencyUpdateBody) {
  const data = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const before = await agencyOr404(tx, id);
      if (await repo.codeTaken(tx, body.code, id)) throw codeTaken();
      await checkBasecost(tx, body.basecost);
      const changes = {
        name: body.name,
        code: body.code,
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.basecost !== undefined ? { basecostId: body.basecost } : {}),
      };
      await repo.updateAgency(tx, id, changes);
      await audit(tx, actor, {
        entityId: id,
        action: 'update',
        before: { name: before.name, code: before.code, active: before.active, basecostId: before.basecostId },
        after: { name: body.name, code: body.code, active: body.active ?? before.active, basecostId: body.basecost === undefined ? before.basecostId : body.basecost },
      });
      return (await repo.agencyItem(tx, id))!;
    }),
  );
  return { message: 'Updated', data };
}

// ----- delete -----

/**
 * Refused while the agency has seller teams, users besides its owner or catalogs of its own (the
 * message says how many); otherwise the agency and what only it used are deleted, its owner
 * account soft-deleted. Audited with the agency as it was.
 */
export async function remove(ctx: AppContext, actor: Actor, id: string) {
  await guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const agency = await agencyOr404(tx, id);
        const held = await repo.holdings(tx, id, agency.managerId);
        if (held.teams > 0 || held.users > 0) throw badRequest(M.hasMembers(held.teams, held.users));
        if (held.catalogs > 0) throw badRequest(M.hasOwnCatalogs(held.catalogs));
        const before = await repo.agencyItem(tx, id);
        const detachedUserIds = await repo.deleteAgency(tx, id);
        await audit(tx, actor, { entityId: id, action: 'delete', before, after: { detachedUserIds } });
      }),
    'This agency still holds records and can not be deleted',
  );
  return { message: 'Deleted' };
}

// ----- catalogs -----

export async function notAdded(ctx: AppContext, agencyId: string, q: NotAddedQuery) {
  if (!(await repo.agencyItem(ctx.db, agencyId))) throw notFound(M.notFoundAgency);
  const { rows, count } = await repo.notAdded(ctx.db, agencyId, q);
  return listAnswer(rows, count, q);
}

/**
 * The catalog card's Save: offers `add` (master catalogs, not deleted; those already offered are
 * skipped) with their cost rows, withdraws `delete` (those not offered are skipped) with theirs.
 */
export async function saveCatalogs(ctx: AppContext, actor: Actor, id: string, body: AgencyCatalogsBody) {
  const add = [...new Set(body.catalogs.add)];
  const del = [...new Set(body.catalogs.delete)];
  if (add.some((c) => del.includes(c))) throw badRequest(M.addAndDelete);
  const result = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const agency = await agencyOr404(tx, id);
      const found = await repo.masterCatalogIds(tx, add);
      if (found.length < add.length) throw badRequest(M.catalogsNotFound(add.length - found.length));
      const already = new Set(await repo.assignedCatalogIds(tx, id, add));
      const toAdd = add.filter((c) => !already.has(c));
      const toDelete = await repo.assignedCatalogIds(tx, id, del);
      if (toAdd.length === 0 && toDelete.length === 0) return { added: 0, deleted: 0 };
      const costsRemoved = await repo.unassignCatalogs(tx, id, toDelete);
      const costsCreated = await repo.assignCatalogs(tx, id, agency.basecostId, toAdd);
      await audit(tx, actor, {
        entityId: id,
        action: 'update_catalogs',
        before: { deletedCatalogIds: toDelete, costsRemoved },
        after: { addedCatalogIds: toAdd, costsCreated, basecostId: agency.basecostId },
      });
      return { added: toAdd.length, deleted: toDelete.length };
    }),
  );
  const changed = result.added + result.deleted > 0;
  return { message: changed ? M.updateSuccess : M.nothingToSave, ...result };
}

/** The 'Update cost' dialog (rule in packages/shared/src/domain/agencies-admin.ts). */
export async function updateCosts(ctx: AppContext, actor: Actor, id: string, body: CatalogCostsBody) {
  const updated = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const agency = await agencyOr404(tx, id);
      const wanted = body.catalogIds ? [...new Set(body.catalogIds)] : undefined;
      const catalogIds = await repo.assignedCatalogIds(tx, id, wanted);
      if (wanted && catalogIds.length < wanted.length) throw badRequest(M.catalogsNotAssigned(wanted.length - catalogIds.length));
      const rows = await repo.costRows(tx, id, agency.basecostId, catalogIds);
      const changes: { variantId: string; before: number; costCents: number }[] = [];
      for (const row of rows) {
        const next = applyCostChange(row.costCents, row.baseCents ?? null, body);
        if (next !== null && next !== row.costCents) changes.push({ variantId: row.variantId, before: row.costCents, costCents: next });
      }
      await repo.writeCosts(tx, id, changes);
      if (changes.length > 0) {
        await audit(tx, actor, {
          entityId: id,
          action: 'update_costs',
          before: { costs: changes.map((c) => ({ variantId: c.variantId, costCents: c.before })) },
          after: { rule: { mode: body.mode, unit: body.unit, amount: body.amount }, catalogIds, costs: changes.map((c) => ({ variantId: c.variantId, costCents: c.costCents })) },
        });
      }
      return changes.length;
    }),
  );
  return { message: M.updatedCosts(updated), updated };
}
