/** In-app notifications: call notify inside the transaction of the change it tells about. */
export { agencyOwnerIds, notify, type NotifyInput } from './notify';
