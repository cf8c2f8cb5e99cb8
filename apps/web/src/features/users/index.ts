export { UserFormDialog } from './components/UserFormDialog';
export { userKeys } from './users.api';
