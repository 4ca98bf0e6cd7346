/** The router, built from the route table (`src/routes.tsx`). */
import { SHELL_MESSAGES } from '@rentloop/domain/shell-messages';
import { Suspense, useEffect } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  type RouteObject,
  ScrollRestoration,
  useLocation,
  useMatches,
} from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { UnsavedChangesProvider } from '../components/unsaved-changes.tsx';
import { useSignedIn } from '../features/auth/hooks.ts';
import { RouteGuard } from '../features/auth/RouteGuard.tsx';
import { appRoutes } from '../routes.tsx';
import { NotFoundPage, RouteErrorPage } from './ErrorPage.tsx';
import { useFocusHeadingOnNavigate } from './focus.tsx';
import { layoutFor } from './layouts/choose-layout.ts';
import { DefaultLayout } from './layouts/DefaultLayout.tsx';
import { EmptyLayout } from './layouts/EmptyLayout.tsx';
import { lazyPage, preloadComponent } from './lazy.ts';
import { type AppRoute, guardLevel, type RouteMeta } from './route-meta.ts';

// The admin shell (drawer, breadcrumbs, company switchers, account menu) is its own chunk: the sign-in
// and account-flow pages use the default layout and never load it (docs/web.md, "Bundles").
const AdminLayout = lazyPage(() => import('./layouts/AdminLayout.tsx').then((m) => m.AdminLayout));

// The tab reads as the page's status line (spec 01 §8: "404 Not Found").
const NOT_FOUND: RouteMeta = { name: 'not-found', title: SHELL_MESSAGES.status404, auth: 'public' };

function toRouteObject(route: AppRoute, depth = 0): RouteObject {
  const { Component, redirectTo } = route;
  const content = redirectTo ? <Navigate to={redirectTo} replace /> : Component ? <Component /> : null;
  return {
    path: route.path,
    handle: route.meta,
    errorElement: <RouteErrorPage />,
    element: (
      <RouteGuard level={guardLevel(route.meta)} needsCompany={route.meta.needsCompany ?? true}>
        {/* A child route (a dialog) loads over its parent without replacing it by a spinner. */}
        <Suspense fallback={depth === 0 ? <PageLoader /> : null}>{content}</Suspense>
      </RouteGuard>
    ),
    children: route.children?.map((child) => toRouteObject(child, depth + 1)),
  };
}

function DocumentTitle() {
  const matches = useMatches();
  const meta = matches.at(-1)?.handle as RouteMeta | undefined;
  useEffect(() => {
    document.title = meta?.title ? `${meta.title} · Rentloop` : 'Rentloop';
  }, [meta]);
  return null;
}

function RootLayout() {
  const { pathname } = useLocation();
  const signedIn = useSignedIn();
  useFocusHeadingOnNavigate();
  // Signed in on a default-layout page (after signing in, say): the admin screens come next.
  useEffect(() => {
    if (signedIn) void AdminLayout.preload();
  }, [signedIn]);
  return (
    <UnsavedChangesProvider>
      <DocumentTitle />
      <ScrollRestoration />
      {layoutFor(pathname) === 'admin' ? (
        <Suspense fallback={<PageLoader />}>
          <AdminLayout />
        </Suspense>
      ) : (
        <DefaultLayout />
      )}
    </UnsavedChangesProvider>
  );
}

/**
 * Starts loading the first screen's chunks (the admin layout, the page and its parents) as soon as the
 * app starts, together: rendered one after the other, each chunk would wait for the one above it (and
 * the page for the session check the guard waits for).
 */
function preloadFirstScreen(pathname: string) {
  if (layoutFor(pathname) === 'admin') void AdminLayout.preload();
  for (const match of matchRoutes(appRoutes, pathname) ?? []) preloadComponent(match.route.Component);
}

export function createAppRouter() {
  preloadFirstScreen(window.location.pathname);
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: (
        <EmptyLayout>
          <RouteErrorPage />
        </EmptyLayout>
      ),
      children: [
        ...appRoutes.map((route) => toRouteObject(route)),
        { path: '*', handle: NOT_FOUND, element: <NotFoundPage /> },
      ],
    },
  ]);
}
