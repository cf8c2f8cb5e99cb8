/**
 * The warehouse products of the list's filters as CSV or .xlsx (docs/warehouses.md "Warehouse products"): a small
 * synchronous export (at most WAREHOUSE_PRODUCT_LIMITS.exportMaxRows rows, else 400), saved as a job file and answered
 * by its address, as the invoices' export is. Every text cell goes through safeCell (lib/spreadsheet): a name typed as
 * "=HYPERLINK(...)" is written as text, never run as a formula.
 */
import {
  WAREHOUSE_PRODUCT_LIMITS, WAREHOUSE_PRODUCT_MSG, availableOf, centsToDollars, fromGrams, type Actor, type WarehouseProductExportQuery,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { fileStamp } from '../../lib/file-stamp';
import { toCsv, toXlsx, type SheetColumn } from '../../lib/spreadsheet';
import { CSV_TYPE, XLSX_TYPE, saveJobFile } from '../jobs';
import * as repo from './warehouse-products.repo';
import { warehouseScopeOf } from './warehouse-scope';

type Row = repo.WarehouseProductWithTeam & { levels: Map<string, repo.LevelRow> };

export async function exportWarehouseProducts(ctx: AppContext, actor: Actor, q: WarehouseProductExportQuery) {
  const scope = warehouseScopeOf(actor);
  const { format, ...filters } = q;
  const products = await repo.exportProducts(ctx.db, scope, filters, WAREHOUSE_PRODUCT_LIMITS.exportMaxRows + 1);
  if (products.length > WAREHOUSE_PRODUCT_LIMITS.exportMaxRows) throw badRequest(WAREHOUSE_PRODUCT_MSG.tooManyExportRows);
  const levels = await repo.levelsOf(ctx.db, scope, products.map((p) => p.id));
  const rows: Row[] = products.map((p) => ({ ...p, levels: new Map(levels.filter((l) => l.warehouseProductId === p.id).map((l) => [l.warehouseId, l])) }));
  const warehouses = await repo.visibleWarehouses(ctx.db, scope);

  const columns: SheetColumn<Row>[] = [
    { header: 'SKU', value: (r) => r.sku, width: 20 },
    { header: 'Name', value: (r) => r.name, width: 36 },
    ...(scope.kind === 'owner' ? [] : [{ header: 'Owner team', value: (r: Row) => r.ownerTeamName, width: 20 }]),
    { header: 'Weight', value: (r) => fromGrams(r.weightGrams, r.weightUnit) },
    { header: 'Unit', value: (r) => r.weightUnit, width: 8 },
    { header: 'Declared value', value: (r) => centsToDollars(r.declaredValueCents), width: 14 },
    { header: 'HS code', value: (r) => r.hsCode },
    { header: 'Origin', value: (r) => r.originCountry, width: 8 },
    ...warehouses.flatMap((w): SheetColumn<Row>[] => [
      { header: `${w.code} on hand`, value: (r) => r.levels.get(w.id)?.onHand ?? 0 },
      { header: `${w.code} reserved`, value: (r) => r.levels.get(w.id)?.reserved ?? 0 },
      { header: `${w.code} available`, value: (r) => { const l = r.levels.get(w.id); return l ? availableOf(l) : 0; } },
    ]),
  ];
  const data = format === 'xlsx' ? await toXlsx('Warehouse products', columns, rows) : toCsv(columns, rows);
  const file = await saveJobFile(ctx.db, {
    userId: actor.userId,
    agencyId: actor.agencyId,
    purpose: 'export',
    name: `warehouse-products-${fileStamp()}.${format}`,
    contentType: format === 'csv' ? CSV_TYPE : XLSX_TYPE,
    data,
  });
  return { url: ctx.downloadUrl(file.id), message: WAREHOUSE_PRODUCT_MSG.exported };
}
