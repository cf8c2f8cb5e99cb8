import { PageHeader } from '../../../components/PageHeader';

/** STUB until its slice lands (route ag-catalogs-create); replaced by the real page. */
export default function Page() {
  return <PageHeader title="ag-catalogs-create" />;
}
