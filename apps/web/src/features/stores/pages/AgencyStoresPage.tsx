import { PageHeader } from '../../../components/PageHeader';

/** /ag/stores: every seller's stores, read-only. */
export default function AgencyStoresPage() {
  return <PageHeader title="Stores" />;
}
