import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const LoginPage = lazyPage(() => import('./LoginPage.tsx').then((m) => m.LoginPage));
const VerifyPage = lazyPage(() => import('./VerifyPage.tsx').then((m) => m.VerifyPage));
const VerifyTokenPage = lazyPage(() => import('./VerifyTokenPage.tsx').then((m) => m.VerifyTokenPage));
const PasswordForgotPage = lazyPage(() =>
  import('./PasswordForgotPage.tsx').then((m) => m.PasswordForgotPage),
);
const PasswordResetPage = lazyPage(() =>
  import('./PasswordResetPage.tsx').then((m) => m.PasswordResetOnlyPage),
);
const AcceptInvitationPage = lazyPage(() =>
  import('./AcceptInvitationPage.tsx').then((m) => m.AcceptInvitationPage),
);
const PasswordCreatePage = lazyPage(() =>
  import('./PasswordResetPage.tsx').then((m) => m.PasswordCreatePage),
);

/**
 * The sign-in and account-flow pages are public: the verify page itself sends a signed-out visitor to
 * sign in, and must open for a signed-in user whose email is not verified yet (every other route
 * sends that user there).
 */
export const authRoutes: AppRoute[] = [
  {
    path: '/auth/login',
    meta: { name: 'auth-login', title: 'Sign in', auth: 'public' },
    Component: LoginPage,
  },
  {
    path: '/auth/verify',
    meta: { name: 'auth-verify', title: 'Verify your email', auth: 'public' },
    Component: VerifyPage,
  },
  {
    path: '/auth/verify/:token',
    meta: { name: 'auth-verify-token', title: 'Email verification', auth: 'public' },
    Component: VerifyTokenPage,
  },
  {
    path: '/auth/password-forgot',
    meta: { name: 'auth-password-forgot', title: 'Forgot password', auth: 'public' },
    Component: PasswordForgotPage,
  },
  {
    path: '/auth/password-reset',
    meta: { name: 'auth-password-reset', title: 'Reset password', auth: 'public' },
    Component: PasswordResetPage,
  },
  {
    path: '/auth/password-create',
    meta: { name: 'auth-password-create', title: 'Set your password', auth: 'public' },
    Component: PasswordCreatePage,
  },
  {
    path: '/auth/accept-invitation',
    meta: { name: 'auth-accept-invitation', title: 'Invitation', auth: 'public' },
    Component: AcceptInvitationPage,
  },
];
