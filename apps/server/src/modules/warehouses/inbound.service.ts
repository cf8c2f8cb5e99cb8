/**
 * The seller's warehouses and inbound shipments (docs/warehouses.md "Inbound shipments"). The scope comes from the
 * actor (warehouseScopeOf): an owner team declares and follows its own shipments, an operator counts and closes those
 * sent to the warehouses it runs; anything else is not found (404). Stock moves only through moveStock.
 *
 *   declared -> in_transit                    (owner)
 *   declared | in_transit -> closed           (owner: cancel, nothing received)
 *   declared | in_transit | partly_received | received -> partly_received | received   (operator: a count)
 *   any but closed -> closed                  (operator: close; what did not arrive stays a discrepancy)
 */
import { createHash } from 'node:crypto';
import {
  INBOUND_MSG, centsToDollars, type Actor, type CreateInboundBody, type InboundAnswer, type InboundDetail, type InboundListQuery,
  type InboundStatusValue, type ReceiveInboundBody, type SellerWarehouseFees, type SellerWarehouseStockQuery, type WarehouseFees,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { moneyTransaction, type IdempotentRequest } from '../money';
import { notify } from '../notifications';
import { recheckAwaitingStock } from './awaiting-stock';
import * as repo from './inbound.repo';
import * as wh from './seller-warehouses.repo';
import { moveStock } from './stock-ledger';
import { warehouseScopeOf, type WarehouseScope } from './warehouse-scope';

// ----- the seller's warehouses -----

/** The stored fees (integer cents) as the API shows them (dollars); a missing field is 0. */
function feesView(stored: Record<string, unknown>): SellerWarehouseFees {
  const f = stored as Partial<WarehouseFees>;
  const cents = (v: unknown) => centsToDollars(typeof v === 'number' ? v : 0);
  return {
    perOrder: cents(f.perOrderCents),
    perExtraUnit: cents(f.perExtraUnitCents),
    storagePerUnitMonth: cents(f.storagePerUnitMonthCents),
    shipping: (Array.isArray(f.shipping) ? f.shipping : []).map((b) => ({ method: b.method, country: b.country, upToGrams: b.upToGrams, price: cents(b.cents) })),
  };
}

function warehouseView(w: wh.WarehouseRow, stock: wh.StockSummary | undefined, inbound: Map<string, number> | undefined) {
  const s = stock ?? { skus: 0, onHand: 0, reserved: 0, low: 0 };
  return {
    id: w.id, name: w.name, code: w.code, active: w.active, address: w.address, fees: feesView(w.fees),
    stock: { ...s, available: s.onHand - s.reserved },
    openInbound: wh.openOf(inbound),
  };
}

export async function sellerWarehouses(ctx: AppContext, actor: Actor) {
  const scope = warehouseScopeOf(actor);
  const rows = await wh.visibleWarehouses(ctx.db, scope);
  const ids = rows.map((w) => w.id);
  const [stock, inbound] = await Promise.all([wh.stockSummaries(ctx.db, scope, ids), wh.inboundCounts(ctx.db, scope, ids)]);
  return { data: rows.map((w) => warehouseView(w, stock.get(w.id), inbound.get(w.id))) };
}

export async function sellerWarehouse(ctx: AppContext, actor: Actor, id: string, q: SellerWarehouseStockQuery) {
  const scope = warehouseScopeOf(actor);
  const [w] = await wh.visibleWarehouses(ctx.db, scope, id);
  if (!w) throw notFound(INBOUND_MSG.warehouseNotFound);
  const [stock, inbound, page] = await Promise.all([
    wh.stockSummaries(ctx.db, scope, [id]), wh.inboundCounts(ctx.db, scope, [id]), wh.stockPage(ctx.db, scope, id, q),
  ]);
  const counts = inbound.get(id);
  const rows = page.rows.map((r) => {
    const available = r.onHand - r.reserved;
    return { ...r, available, low: available <= r.threshold, out: available <= 0 };
  });
  return {
    data: {
      warehouse: warehouseView(w, stock.get(id), counts),
      stock: listAnswer(rows, page.count, q),
      inbound: {
        open: wh.openOf(counts),
        byStatus: {
          declared: counts?.get('declared') ?? 0, in_transit: counts?.get('in_transit') ?? 0, partly_received: counts?.get('partly_received') ?? 0,
          received: counts?.get('received') ?? 0, closed: counts?.get('closed') ?? 0,
        },
      },
    },
  };
}

// ----- inbound shipments: reads -----

function itemView(s: repo.ShipmentWithRefs) {
  const x = s.shipment;
  return {
    id: x.id, reference: x.reference, status: x.status,
    cancelled: x.status === 'closed' && s.receivedUnits === 0 && x.note.startsWith(INBOUND_MSG.cancelledNote),
    warehouse: { id: x.warehouseId, name: s.warehouseName, code: s.warehouseCode },
    ownerTeam: { id: x.ownerTeamId, name: s.teamName },
    carrier: x.carrier, trackingNumber: x.trackingNumber, note: x.note,
    lineCount: s.lineCount, declaredUnits: s.declaredUnits, receivedUnits: s.receivedUnits,
    createdAt: x.createdAt.toISOString(), receivedAt: x.receivedAt?.toISOString() ?? null, closedAt: x.closedAt?.toISOString() ?? null,
  };
}

const lineView = (l: repo.LineRow) => ({ ...l, discrepancy: l.received - l.declared });

async function detail(db: AppContext['db'] | Tx, scope: WarehouseScope, id: string): Promise<InboundDetail> {
  const s = await repo.findShipment(db, scope, id);
  if (!s) throw notFound(INBOUND_MSG.notFound);
  return { ...itemView(s), lines: (await repo.linesOf(db, scope.agencyId, id)).map(lineView) };
}

export async function listInbound(ctx: AppContext, actor: Actor, q: InboundListQuery) {
  const { rows, count } = await repo.listShipments(ctx.db, warehouseScopeOf(actor), q);
  return listAnswer(rows.map(itemView), count, q);
}

export async function getInbound(ctx: AppContext, actor: Actor, id: string) {
  return { data: await detail(ctx.db, warehouseScopeOf(actor), id) };
}

// ----- inbound shipments: changes -----

function ownerScope(actor: Actor): WarehouseScope & { kind: 'owner' } {
  const scope = warehouseScopeOf(actor);
  if (scope.kind !== 'owner') throw forbidden();
  return scope;
}

function operatorScope(actor: Actor): WarehouseScope & { kind: 'operator' } {
  const scope = warehouseScopeOf(actor);
  if (scope.kind !== 'operator') throw forbidden();
  return scope;
}

const ids = (...people: (string | null)[]) => [...new Set(people.filter((p): p is string => p !== null))];

export async function declare(ctx: AppContext, actor: Actor, body: CreateInboundBody): Promise<InboundAnswer> {
  const scope = ownerScope(actor);
  const lines = body.lines;
  const data = await ctx.db.transaction(async (tx) => {
    const warehouse = await repo.findWarehouse(tx, scope.agencyId, body.warehouseId);
    if (!warehouse) throw notFound(INBOUND_MSG.warehouseNotFound);
    if (!warehouse.active) throw badRequest(INBOUND_MSG.warehouseClosed, { warehouseId: INBOUND_MSG.warehouseClosed });
    const own = await repo.ownProductIds(tx, scope.agencyId, scope.teamId, lines.map((l) => l.warehouseProductId));
    const errors: Record<string, string> = {};
    lines.forEach((l, i) => {
      if (!own.has(l.warehouseProductId)) errors[`lines.${i}.warehouseProductId`] = INBOUND_MSG.notYourProduct;
    });
    const [first] = Object.entries(errors);
    if (first) throw badRequest(`${first[0]}: ${first[1]}`, errors);

    const reference = await repo.nextReference(tx, scope.agencyId);
    const shipment = await repo.insertShipment(tx, {
      agencyId: scope.agencyId, reference, ownerTeamId: scope.teamId, warehouseId: warehouse.id, status: 'declared',
      carrier: body.carrier ?? '', trackingNumber: body.trackingNumber ?? '', note: body.note ?? '', createdBy: actor.userId,
    });
    await repo.insertLines(tx, scope.agencyId, shipment.id, lines);

    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    const [people, team] = await Promise.all([repo.teamPeople(tx, scope.agencyId, warehouse.warehouseTeamId), repo.findShipment(tx, scope, shipment.id)]);
    await notify(tx, ids(people.managerId, people.mappedUserId), {
      agencyId: scope.agencyId,
      title: INBOUND_MSG.declared(reference),
      content: `${team!.teamName} declared ${units.toLocaleString('en-US')} units in ${lines.length} line(s) to ${warehouse.code}${body.carrier ? ` by ${body.carrier}` : ''}${body.trackingNumber ? ` (${body.trackingNumber})` : ''}.`,
    });
    return detail(tx, scope, shipment.id);
  });
  return { message: INBOUND_MSG.declared(data.reference), data };
}

/** Runs an owner's or an operator's change under the shipment's row lock, with the shipment as it is under the lock. */
async function underLock<T>(tx: Tx, scope: WarehouseScope, id: string, change: (s: InboundDetail) => Promise<T>): Promise<T> {
  // Seen by the scope first: another team's shipment is not found, and is never locked.
  if (!(await repo.findShipment(tx, scope, id))) throw notFound(INBOUND_MSG.notFound);
  await repo.lockShipment(tx, scope.agencyId, id);
  return change(await detail(tx, scope, id));
}

export async function markInTransit(ctx: AppContext, actor: Actor, id: string): Promise<InboundAnswer> {
  const scope = ownerScope(actor);
  const data = await ctx.db.transaction((tx) =>
    underLock(tx, scope, id, async (s) => {
      if (s.status !== 'declared') throw conflict(INBOUND_MSG.notDeclared);
      await repo.updateShipment(tx, scope.agencyId, id, { status: 'in_transit' });
      await notifyWarehouse(tx, scope.agencyId, s, INBOUND_MSG.inTransit(s.reference), `${s.ownerTeam.name}: ${s.declaredUnits} units on their way to ${s.warehouse.code}.`);
      return detail(tx, scope, id);
    }),
  );
  return { message: INBOUND_MSG.inTransit(data.reference), data };
}

export async function cancel(ctx: AppContext, actor: Actor, id: string): Promise<InboundAnswer> {
  const scope = ownerScope(actor);
  const data = await ctx.db.transaction((tx) =>
    underLock(tx, scope, id, async (s) => {
      if ((s.status !== 'declared' && s.status !== 'in_transit') || s.receivedUnits > 0) throw conflict(INBOUND_MSG.cannotCancel);
      const note = s.note ? `${INBOUND_MSG.cancelledNote}\n${s.note}` : INBOUND_MSG.cancelledNote;
      await repo.updateShipment(tx, scope.agencyId, id, { status: 'closed', note, closedAt: new Date() });
      await notifyWarehouse(tx, scope.agencyId, s, INBOUND_MSG.cancelled(s.reference), `${s.ownerTeam.name} cancelled it: nothing is coming to ${s.warehouse.code}.`);
      return detail(tx, scope, id);
    }),
  );
  return { message: INBOUND_MSG.cancelled(data.reference), data };
}

async function notifyWarehouse(tx: Tx, agencyId: string, s: InboundDetail, title: string, content: string) {
  const w = await repo.findWarehouse(tx, agencyId, s.warehouse.id);
  const people = await repo.teamPeople(tx, agencyId, w!.warehouseTeamId);
  await notify(tx, ids(people.managerId), { agencyId, title, content });
}

/** The lines that differ from their declaration, as a notification says them. */
function discrepancies(lines: InboundDetail['lines']): string {
  return lines
    .filter((l) => l.discrepancy !== 0)
    .map((l) => `${l.sku}: ${l.declared} declared, ${l.received} received (${l.discrepancy > 0 ? '+' : ''}${l.discrepancy})`)
    .join('; ');
}

/** The owning team's manager always; the agency user mapped to the warehouse team too when the counts differ. */
async function notifyOwner(tx: Tx, agencyId: string, s: InboundDetail, title: string, content: string, discrepancy: boolean) {
  const w = await repo.findWarehouse(tx, agencyId, s.warehouse.id);
  const [owner, warehouseTeam] = await Promise.all([repo.teamPeople(tx, agencyId, s.ownerTeam.id), repo.teamPeople(tx, agencyId, w!.warehouseTeamId)]);
  await notify(tx, ids(owner.managerId, discrepancy ? warehouseTeam.mappedUserId : null), { agencyId, title, content });
}

const RECEIVABLE: readonly InboundStatusValue[] = ['declared', 'in_transit', 'partly_received', 'received'];

/**
 * A count of what arrived now: each counted line a receipt movement (naming the shipment and who counted), its
 * received quantity raised by the count. Declared quantities are never rewritten: a line above or below stays a
 * discrepancy. With a countId (or an Idempotency-Key), a retried count answers the first one and counts nothing.
 */
export async function receive(ctx: AppContext, actor: Actor, id: string, body: ReceiveInboundBody, idempotency: IdempotentRequest): Promise<InboundAnswer> {
  const scope = operatorScope(actor);
  const request: IdempotentRequest = body.countId
    ? { key: body.countId, userId: actor.userId, route: idempotency.route, requestHash: createHash('sha256').update(`${id}\n${JSON.stringify(body.counts)}`).digest('hex') }
    : idempotency;
  const answer = await moneyTransaction(ctx.db, request, (tx) =>
    underLock(tx, scope, id, async (s): Promise<InboundAnswer> => {
      if (!RECEIVABLE.includes(s.status)) throw conflict(INBOUND_MSG.isClosed);
      const byId = new Map(s.lines.map((l) => [l.id, l]));
      const errors: Record<string, string> = {};
      body.counts.forEach((c, i) => {
        if (!byId.has(c.lineId)) errors[`counts.${i}.lineId`] = INBOUND_MSG.lineNotInShipment;
      });
      const [first] = Object.entries(errors);
      if (first) throw badRequest(`${first[0]}: ${first[1]}`, errors);

      await moveStock(tx, scope.agencyId, body.counts.map((c) => ({
        warehouseId: s.warehouse.id, warehouseProductId: byId.get(c.lineId)!.warehouseProductId, kind: 'receipt' as const, quantity: c.quantity,
        inboundShipmentId: id, actorId: actor.userId,
      })));
      for (const c of body.counts) await repo.addReceived(tx, scope.agencyId, c.lineId, c.quantity);

      const after = await detail(tx, scope, id);
      const full = after.lines.every((l) => l.received >= l.declared);
      await repo.updateShipment(tx, scope.agencyId, id, { status: full ? 'received' : 'partly_received', receivedAt: s.receivedAt ? new Date(s.receivedAt) : new Date() });
      const data = await detail(tx, scope, id);
      const units = body.counts.reduce((sum, c) => sum + c.quantity, 0);
      // An over-count is a discrepancy at once; a shortfall only once the shipment is complete or closed.
      const differs = data.lines.some((l) => l.discrepancy > 0) || (full && data.lines.some((l) => l.discrepancy !== 0));
      await notifyOwner(tx, scope.agencyId, data, INBOUND_MSG.counted(data.reference, units),
        `${data.warehouse.code} counted ${units.toLocaleString('en-US')} units: ${data.receivedUnits} of ${data.declaredUnits} declared so far.${differs ? ` Discrepancies: ${discrepancies(data.lines)}.` : ''}`,
        differs);
      return { message: INBOUND_MSG.counted(data.reference, units), data };
    }),
  );
  if (!answer.replayed) await recheckAwaitingStock(ctx, scope.agencyId);
  return answer.body;
}

export async function close(ctx: AppContext, actor: Actor, id: string): Promise<InboundAnswer> {
  const scope = operatorScope(actor);
  const data = await ctx.db.transaction((tx) =>
    underLock(tx, scope, id, async (s) => {
      if (s.status === 'closed') throw conflict(INBOUND_MSG.isClosed);
      await repo.updateShipment(tx, scope.agencyId, id, { status: 'closed', closedAt: new Date() });
      const data = await detail(tx, scope, id);
      const differs = data.lines.some((l) => l.discrepancy !== 0);
      await notifyOwner(tx, scope.agencyId, data, INBOUND_MSG.closed(data.reference),
        `${data.warehouse.code} closed it with ${data.receivedUnits} of ${data.declaredUnits} declared units received.${differs ? ` Discrepancies: ${discrepancies(data.lines)}.` : ''}`,
        differs);
      return data;
    }),
  );
  return { message: INBOUND_MSG.closed(data.reference), data };
}

