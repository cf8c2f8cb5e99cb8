import { PageHeader } from '../../../components/PageHeader';

/** STUB until its slice lands (route s-catalogs); replaced by the real page. */
export default function Page() {
  return <PageHeader title="s-catalogs" />;
}
