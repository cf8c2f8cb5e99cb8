/**
 * Catalog categories. The administrator keeps the master ones (agency_id null); an agency user
 * keeps its agency's own and reads the master ones; sellers only pick from them. The owner always
 * comes from the actor: another agency's category is not found.
 */
import type { Actor, CategoryCreateBody, CategoryListQuery, CategoryUpdateBody } from '@fbo/shared';
import { CATEGORY_MSG } from '@fbo/shared/domain/categories';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { pgErrorCode } from '../proxies';
import * as repo from './categories.repo';

function scopeOf(actor: Actor): repo.Scope {
  if (actor.userType === 'administrator') return { kind: 'master' };
  if ((actor.userType === 'agency' || actor.userType === 'seller') && actor.agencyId) return { kind: 'agency', agencyId: actor.agencyId };
  // The permission table lets no one else here; the guard is belt and braces.
  throw forbidden();
}

const taken = () => badRequest(CATEGORY_MSG.nameTaken, { name: CATEGORY_MSG.nameTaken });

/** The unique index (owner, lower(name)) settles two saves of one name at once. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === '23505') throw taken();
    if (code === '23503') throw conflict('This record changed meanwhile. Please reload and try again.');
    throw error;
  }
}

const audit = (tx: Tx, actor: Actor, entry: { entityId: string; action: string; before?: unknown; after?: unknown }) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'category', ...entry });

/**
 * The category the actor may change: absent or another agency's is 404; a master category seen by
 * an agency user is 403 (it is on their screen, read-only), locked for the change.
 */
async function changeable(tx: Tx, scope: repo.Scope, id: string) {
  const row = await repo.findVisible(tx, scope, id, true);
  if (!row) throw notFound();
  if (scope.kind === 'agency' && row.agencyId === null) throw forbidden(CATEGORY_MSG.masterReadOnly);
  return row;
}

export async function list(ctx: AppContext, actor: Actor, q: CategoryListQuery) {
  const { rows, count } = await repo.list(ctx.db, scopeOf(actor), q);
  return listAnswer(rows, count, q);
}

export async function options(ctx: AppContext, actor: Actor) {
  return { data: await repo.options(ctx.db, scopeOf(actor)) };
}

export async function create(ctx: AppContext, actor: Actor, body: CategoryCreateBody) {
  const scope = scopeOf(actor);
  const data = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.nameTaken(tx, scope, body.name)) throw taken();
      const row = await repo.insert(tx, scope, { name: body.name, description: body.description });
      await audit(tx, actor, { entityId: row.id, action: 'create', after: { name: row.name, description: row.description, agencyId: row.agencyId } });
      return (await repo.item(tx, scope, row.id))!;
    }),
  );
  return { message: 'Created', data };
}

export async function update(ctx: AppContext, actor: Actor, id: string, body: CategoryUpdateBody) {
  const scope = scopeOf(actor);
  const data = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const before = await changeable(tx, scope, id);
      if (await repo.nameTaken(tx, scope, body.name, id)) throw taken();
      await repo.update(tx, scope, id, { name: body.name, description: body.description });
      await audit(tx, actor, {
        entityId: id,
        action: 'update',
        before: { name: before.name, description: before.description },
        after: { name: body.name, description: body.description ?? before.description },
      });
      return (await repo.item(tx, scope, id))!;
    }),
  );
  return { message: 'Updated', data };
}

/** Deleting takes the category off its catalogs (the links go, the catalogs stay). */
export async function remove(ctx: AppContext, actor: Actor, id: string) {
  const scope = scopeOf(actor);
  await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const before = await changeable(tx, scope, id);
      const unlinked = await repo.remove(tx, scope, id);
      await audit(tx, actor, {
        entityId: id,
        action: 'delete',
        before: { name: before.name, description: before.description, agencyId: before.agencyId },
        after: { unlinkedCatalogIds: unlinked },
      });
    }),
  );
  return { message: 'Deleted' };
}
