/** The accounts the demo seed creates (apps/api/src/seed); every one has the operator's password. */
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@rentloop.test';
export const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';

export const USERS = {
  operator: ADMIN_EMAIL,
  northwindOwner: 'owner@northwind.demo',
  northwindUser: 'user@northwind.demo',
  northwindAdmin: 'admin@northwind.demo',
  /** Used only by the wrong-password test, so its failed attempts never throttle another test's user. */
  alpineAdmin: 'admin@alpine.demo',
} as const;

export const COMPANIES = {
  northwind: 'Northwind Rentals',
  alpine: 'Alpine Leasing GmbH',
} as const;

export const PORT = Number(process.env.E2E_PORT ?? 3100);
