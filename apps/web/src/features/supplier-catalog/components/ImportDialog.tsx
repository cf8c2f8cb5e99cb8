import { IMPORT_SUPPLIER_PRICE, PRICE_TEMPLATE_PATH, SUPPLIER_MSG } from '@fbo/shared/domain/supplier-prices';
import { ImportJobModal } from '../../../components/ImportJobModal';
import { supplierPricesApi } from '../supplier-catalog.api';

const MESSAGES = {
  noFile: SUPPLIER_MSG.noFile,
  wrongFile: SUPPLIER_MSG.wrongFile,
  failed: SUPPLIER_MSG.importError,
  success: SUPPLIER_MSG.importSuccess,
};

/**
 * 'Import': one .xlsx (the export's columns), sent to the server, then the import job's progress
 * until it is done; the report of failed rows can be downloaded from the progress.
 */
export function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  return (
    <ImportJobModal
      title="Import"
      accept=".xlsx"
      messages={MESSAGES}
      submit={(file) => supplierPricesApi.importPrices(file, IMPORT_SUPPLIER_PRICE)}
      onFinished={(_job, succeeded) => {
        if (succeeded) onImported();
      }}
      onClose={onClose}
      help={
        <p className="import-help">
          One .xlsx file with the columns of the export (SKU, Catalog code, Color, Size, Stock, Min price, Max price,
          Quantity). Empty cells keep the stored value.{' '}
          <a href={PRICE_TEMPLATE_PATH} download>
            Download sample template
          </a>
        </p>
      }
    />
  );
}
