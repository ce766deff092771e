// What other features may use of auth; everything else in this folder is its own.
export { useViewer, type Viewer } from './use-viewer.ts';
export { EmailVerificationStatus } from './email-verification-status.tsx';
export { AccountSecurity } from './account-security.tsx';
export { usePaymentOptions } from './api/get-config.ts';
