import { PageHeader } from '../../../components/PageHeader';

/** STUB until its slice lands (route a-catalogs-detail-drop); replaced by the real page. */
export default function Page() {
  return <PageHeader title="a-catalogs-detail-drop" />;
}
