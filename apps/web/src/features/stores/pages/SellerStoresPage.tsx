import { PageHeader } from '../../../components/PageHeader';

/** /s/integrations: the seller team's stores. */
export default function SellerStoresPage() {
  return <PageHeader title="Stores" />;
}
