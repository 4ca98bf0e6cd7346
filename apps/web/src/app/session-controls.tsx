/**
 * The app bar's signed-in controls (see `SessionControls` in TopBar.tsx): the admin layout imports them,
 * the default layout loads this module lazily, so the sign-in page never downloads them.
 */

import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useSignedIn } from '../features/auth/hooks.ts';
import { CompanySwitcher } from '../features/companies/CompanySwitcher.tsx';
import { OperatorCompanySwitcher } from '../features/companies/OperatorCompanySwitcher.tsx';
import { AccountActions } from './AccountActions.tsx';
import { useCurrentCompany } from './current-company.tsx';
import type { SessionControls } from './TopBar.tsx';

// The search button comes after the screen's own code: it is not needed to show the first screen, and
// the size budget of a list screen's first load has no room for it. A plain component around the lazy
// one, since the default layout loads these controls lazily itself (a lazy of a lazy is no component).
const LazyGlobalSearch = lazy(() =>
  import('../features/search/GlobalSearch.tsx').then((m) => ({ default: m.GlobalSearch })),
);

function GlobalSearch({ inverted }: { inverted: boolean }) {
  return (
    <Suspense fallback={null}>
      <LazyGlobalSearch inverted={inverted} />
    </Suspense>
  );
}

// The bell loads after the screen too: its menu, dialog and push are not needed for the first paint.
const LazyNotificationsMenu = lazy(() =>
  import('../features/notifications/NotificationsMenu.tsx').then((m) => ({ default: m.NotificationsMenu })),
);

/**
 * The bell's place, kept while its chunk loads: the bell stands right of the company switcher, and the
 * switcher (with everything left of it) moved 48 px when the bell appeared, under a pointer that was
 * about to click it. Only where a bell will come: with a current company (NotificationsMenu).
 */
function BellPlace() {
  const { company } = useCurrentCompany();
  return company ? <Box aria-hidden sx={{ width: 40, height: 40, flexShrink: 0 }} /> : null;
}

function NotificationsBell({ inverted }: { inverted: boolean }) {
  return (
    <Suspense fallback={<BellPlace />}>
      <LazyNotificationsMenu inverted={inverted} />
    </Suspense>
  );
}

function CompanySwitchers({ inverted }: { inverted: boolean }) {
  const { me, error } = useCurrentCompany();
  const signedIn = useSignedIn();
  // While a signed-in user's session is read, the switcher's height is kept: on a phone it has a row of its
  // own under the bar, and the whole screen moved down 37 px when it came (layout shift, docs/performance.md).
  if (signedIn && !me && !error) return <Box aria-hidden sx={{ height: 36.5 }} />;
  return (
    <>
      <CompanySwitcher inverted={inverted} />
      <OperatorCompanySwitcher inverted={inverted} />
    </>
  );
}

export const sessionControls: SessionControls = {
  Search: GlobalSearch,
  Switchers: CompanySwitchers,
  Notifications: NotificationsBell,
  Account: AccountActions,
};
