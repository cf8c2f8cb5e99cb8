/** What other features may use: the category select source. */
export { categoryOptionsQuery, type CategoryOptionsAnswer } from './categories.api';
