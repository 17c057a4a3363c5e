/**
 * What other features may use of auth: whether the admin's role grants a permission, and the
 * new-password fields (typed twice, the shared length rule).
 */
export { useCan } from './permissions';
export { NewPasswordFields } from './password-fields';
