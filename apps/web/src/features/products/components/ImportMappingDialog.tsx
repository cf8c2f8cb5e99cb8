import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@fbo/shared/domain/messages';
import { MAPPING_IMPORT_COLUMNS, MAPPING_IMPORT_MSG } from '@fbo/shared/domain/mapping';
import { ImportJobModal } from '../../../components/ImportJobModal';
import { productKeys, productsApi } from '../products.api';

// No fixed success text: the job's own message (how many variants were mapped) is shown.
const MESSAGES = { noFile: MAPPING_IMPORT_MSG.noFile, wrongFile: MAPPING_IMPORT_MSG.wrongFile, failed: MSG.serverError };

/**
 * 'Import mapping' (bulk mapping), the seller's for its team's products or (store) the agency's for one of its sellers' stores: a product export (this page's Export, or a product's variants export) with its
 * mapping columns filled in, imported as a job; its failed rows (with the reason on each) can be downloaded there.
 */
export function ImportMappingDialog({ store, onClose }: { store?: { id: string; name: string }; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <ImportJobModal
      title={store ? `Import mapping: ${store.name}` : 'Import mapping'}
      accept=".csv,.xlsx"
      messages={MESSAGES}
      submit={(file) => productsApi.importMapping(file, store?.id)}
      // Some rows may have mapped even when others failed: the lists are reloaded either way.
      onFinished={() => void queryClient.invalidateQueries({ queryKey: productKeys.all })}
      onClose={onClose}
      help={
        <p>
          {store ? `Export the store's products (the download button on its row), fill in` : 'Export the products (Export above), fill in'} each variant&apos;s <strong>{MAPPING_IMPORT_COLUMNS.code}</strong>, set{' '}
          <strong>{MAPPING_IMPORT_COLUMNS.ignored}</strong> to Yes for items you ship yourself, add artwork links in{' '}
          {MAPPING_IMPORT_COLUMNS.artworks[0]} to {MAPPING_IMPORT_COLUMNS.artworks[5]}, and import the file here. Rows are matched by{' '}
          {MAPPING_IMPORT_COLUMNS.variantId}; a row without a code and not ignored is left as it is, an empty artwork cell keeps the
          artwork. A product maps to one catalog.{store ? " Only this store's products are mapped; the seller sees the change in its products." : ''}
        </p>
      }
    />
  );
}
