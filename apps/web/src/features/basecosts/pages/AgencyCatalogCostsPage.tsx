import { PageHeader } from '../../../components/PageHeader';

/** STUB until its slice lands (route ag-base-cost-catalogs); replaced by the real page. */
export default function Page() {
  return <PageHeader title="ag-base-cost-catalogs" />;
}
