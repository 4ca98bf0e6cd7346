/** The router, built from the route table (`src/routes.tsx`). */
import { Suspense, useEffect } from 'react';
import {
  createBrowserRouter,
  Navigate,
  type RouteObject,
  ScrollRestoration,
  useLocation,
  useMatches,
} from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { RouteGuard } from '../features/auth/RouteGuard.tsx';
import { appRoutes } from '../routes.tsx';
import { NotFoundPage, RouteErrorPage } from './ErrorPage.tsx';
import { AdminLayout } from './layouts/AdminLayout.tsx';
import { layoutFor } from './layouts/choose-layout.ts';
import { DefaultLayout } from './layouts/DefaultLayout.tsx';
import { EmptyLayout } from './layouts/EmptyLayout.tsx';
import { type AppRoute, guardLevel, type RouteMeta } from './route-meta.ts';

const NOT_FOUND: RouteMeta = { name: 'not-found', title: 'Page Not Found', auth: 'public' };

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
  return (
    <>
      <DocumentTitle />
      <ScrollRestoration />
      {layoutFor(pathname) === 'admin' ? <AdminLayout /> : <DefaultLayout />}
    </>
  );
}

export function createAppRouter() {
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
