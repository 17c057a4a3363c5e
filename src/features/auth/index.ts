/**
 * What other features may use of auth: whether the admin's role grants a permission, whether a
 * token is stored, and the new-password fields (typed twice, the shared length rule).
 */
export { useCan } from './permissions';
export { hasStoredToken } from './session-storage';
export { NewPasswordFields } from './password-fields';
export { EnrolAuthenticator } from './login-second-step';
export { passkeyBrowser, passkeyFailure } from './passkey';
export { useGetMfaStatusQuery } from './auth-api';
