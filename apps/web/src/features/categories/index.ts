/** What other features may use: the category select source, and the change helpers. */
export { categoryOptionsQuery, type CategoryOptionsAnswer } from './categories.api';
export { useChangeAction, useConfirmDelete } from './useChangeAction';
