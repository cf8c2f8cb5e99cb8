/**
 * The customers of the list's filters as CSV or .xlsx (docs/customers.md): a small synchronous export (at most
 * CUSTOMER_LIMITS.exportMaxRows rows, else 400), saved as a job file and answered by its address. Every text cell
 * goes through safeCell (lib/spreadsheet): a buyer named "=HYPERLINK(...)" by a shop is written as text, never run.
 */
import { CUSTOMER_LIMITS, CUSTOMER_MSG, centsToDollars, type Actor, type CustomerExportQuery } from '@fbo/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { fileStamp } from '../../lib/file-stamp';
import { toCsv, toXlsx, type SheetColumn } from '../../lib/spreadsheet';
import { CSV_TYPE, XLSX_TYPE, saveJobFile } from '../jobs';
import * as repo from './customers.repo';
import { customerScopeOf } from './customers.service';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

export async function exportCustomers(ctx: AppContext, actor: Actor, q: CustomerExportQuery) {
  const scope = customerScopeOf(actor);
  const { format, ...filters } = q;
  const rows = await repo.exportRows(ctx.db, scope, filters, CUSTOMER_LIMITS.exportMaxRows + 1);
  if (rows.length > CUSTOMER_LIMITS.exportMaxRows) throw badRequest(CUSTOMER_MSG.tooManyExportRows);
  const storeNames = new Map((await repo.storesByIds(ctx.db, scope.agencyId, [...new Set(rows.flatMap((r) => r.storeIds))])).map((s) => [s.id, s.name]));
  const columns: SheetColumn<repo.CustomerRow>[] = [
    { header: 'Name', value: (r) => r.fullName, width: 24 },
    { header: 'E-mail', value: (r) => r.email, width: 28 },
    { header: 'Phone', value: (r) => r.phone, width: 16 },
    ...(scope.teamId ? [] : [{ header: 'Seller team', value: (r: repo.CustomerRow) => r.sellerTeamName, width: 20 }]),
    { header: 'Address 1', value: (r) => r.address1, width: 28 },
    { header: 'Address 2', value: (r) => r.address2 },
    { header: 'City', value: (r) => r.city },
    { header: 'Province', value: (r) => r.province },
    { header: 'Zip code', value: (r) => r.zipCode },
    { header: 'Country', value: (r) => r.countryCode, width: 8 },
    { header: 'Orders', value: (r) => r.ordersCount, width: 8 },
    { header: 'Total spent', value: (r) => centsToDollars(r.totalSpentCents), width: 12 },
    { header: 'First order', value: (r) => day(r.firstOrderAt), width: 12 },
    { header: 'Last order', value: (r) => day(r.lastOrderAt), width: 12 },
    { header: 'Sources', value: (r) => [...r.storeIds.map((id) => storeNames.get(id) ?? ''), ...(r.fromFiles ? ['CSV / manual'] : [])].filter(Boolean).join(', '), width: 28 },
  ];
  const data = format === 'xlsx' ? await toXlsx('Customers', columns, rows) : toCsv(columns, rows);
  const file = await saveJobFile(ctx.db, {
    userId: actor.userId,
    agencyId: actor.agencyId,
    purpose: 'export',
    name: `customers-${fileStamp()}.${format}`,
    contentType: format === 'csv' ? CSV_TYPE : XLSX_TYPE,
    data,
  });
  return { url: ctx.downloadUrl(file.id), message: CUSTOMER_MSG.exported };
}
