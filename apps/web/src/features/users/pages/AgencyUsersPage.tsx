import { UserListPage } from '../components/UserListPage';

/** /ag/users/list: the agency owner's users. */
export default function AgencyUsersPage() {
  return <UserListPage title="Agency Users" variant="agency" />;
}
