import type { WarehouseProductExportQuery } from '@fbo/shared';
import { ExportMenuButton } from '../../../components/ExportMenuButton';
import { warehouseProductsApi } from '../warehouse-products.api';

/** Export: the list's current filters as CSV or Excel (every page, up to 10,000 products). */
export function ExportWarehouseProductsButton({ filters }: { filters: Omit<WarehouseProductExportQuery, 'format'> }) {
  return <ExportMenuButton exportFile={(format) => warehouseProductsApi.exportList({ ...filters, format })} />;
}
