import { PageHeader } from '../../../components/PageHeader';

/** STUB until its slice lands (route a-catalogs-create-dropship); replaced by the real page. */
export default function Page() {
  return <PageHeader title="a-catalogs-create-dropship" />;
}
