import { PageHeader } from '../../../components/PageHeader';

/** STUB until its slice lands (route a-category-catalog); replaced by the real page. */
export default function Page() {
  return <PageHeader title="a-category-catalog" />;
}
