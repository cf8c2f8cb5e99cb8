import { PageHeader } from '../../../components/PageHeader';

/** STUB until its slice lands (route a-catalogs-detail); replaced by the real page. */
export default function Page() {
  return <PageHeader title="a-catalogs-detail" />;
}
