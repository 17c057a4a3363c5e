/** What other features may use of auth: whether the admin's role grants a permission. */
export { useCan } from './permissions';
