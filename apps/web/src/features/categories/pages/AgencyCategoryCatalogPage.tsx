import { PageHeader } from '../../../components/PageHeader';

/** STUB until its slice lands (route ag-category-catalog); replaced by the real page. */
export default function Page() {
  return <PageHeader title="ag-category-catalog" />;
}
