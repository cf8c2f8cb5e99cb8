/** What other features may use of Publishing (docs/publishing.md): the catalog page's "Publish to store". */
export { PublishButton } from './PublishDialog';
