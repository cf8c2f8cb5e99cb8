import { MSG } from '@fbo/shared/domain/messages';
import { TRACKING_MSG, TRACKING_TEMPLATE_PATH } from '@fbo/shared/schemas/tracking';
import { ImportJobModal } from '../../../components/ImportJobModal';
import { trackingApi } from '../tracking.api';

// No fixed success text: the job's own message (how many shipments were made) is shown.
const MESSAGES = { noFile: TRACKING_MSG.noFile, wrongFile: TRACKING_MSG.wrongFile, failed: MSG.serverError };

/**
 * 'Import tracking': one .xlsx or .csv (the template's columns), then the import job's progress
 * until it ends; its report of failed rows (with the reason on each) can be downloaded there.
 */
export function ImportTrackingDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  return (
    <ImportJobModal
      title="Import tracking"
      accept=".xlsx,.csv"
      messages={MESSAGES}
      submit={(file) => trackingApi.importFile(file)}
      // Some rows may have shipped even when others failed: the list is reloaded either way.
      onFinished={() => onImported()}
      onClose={onClose}
      help={
        <p>
          One .xlsx or .csv file with the columns Order Name, Tracking Number, Carrier, Tracking URL, SKU (optional: only that
          item ships) and Seller Team (when two sellers use the same order name). Rows with the same order and tracking number
          make one shipment.{' '}
          <a href={TRACKING_TEMPLATE_PATH} download>
            Download template
          </a>
        </p>
      }
    />
  );
}
