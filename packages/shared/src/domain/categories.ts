/**
 * Catalog categories: limits and messages, free of zod so the web's forms use the server's rules.
 * The spec gives the generic text rule ('Please input {field}', '{field} should be {min} to {max}
 * length'); the rest is ours (docs/decisions.md, "Categories and the administrator's agencies").
 */
import { lengthMessage } from './messages';

export const CATEGORY_LIMITS = {
  name: { min: 2, max: 128 },
  description: { max: 500 },
} as const;

export const CATEGORY_MSG = {
  inputName: 'Please input name',
  nameLength: lengthMessage('name', CATEGORY_LIMITS.name.min, CATEGORY_LIMITS.name.max),
  descriptionLength: `description should be at most ${CATEGORY_LIMITS.description.max} characters`,
  nameTaken: 'A category with this name already exists',
  masterReadOnly: 'Master categories can only be changed by the administrator',
} as const;
