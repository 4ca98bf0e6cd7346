import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const EventsPage = lazyPage(() => import('./EventsPage.tsx').then((m) => m.EventsPage));
const EventDetailPage = lazyPage(() => import('./EventDetailPage.tsx').then((m) => m.EventDetailPage));

/** The Event List (spec 01 §2: `/super/events`, `/super/events/{id}`; the drawer's Operator section). */
export const eventsRoutes: AppRoute[] = [
  {
    path: '/super/events',
    meta: { name: 'super-events', title: 'Event List', auth: 'super' },
    Component: EventsPage,
  },
  {
    path: '/super/events/:id',
    meta: { name: 'super-events-id', title: 'Event', auth: 'super' },
    Component: EventDetailPage,
  },
];
