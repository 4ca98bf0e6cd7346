/**
 * The app bar's signed-in controls (see `SessionControls` in TopBar.tsx): the admin layout imports them,
 * the default layout loads this module lazily, so the sign-in page never downloads them.
 */
import { CompanySwitcher } from '../features/companies/CompanySwitcher.tsx';
import { OperatorCompanySwitcher } from '../features/companies/OperatorCompanySwitcher.tsx';
import { AccountActions } from './AccountActions.tsx';
import { lazyPage } from './lazy.ts';
import type { SessionControls } from './TopBar.tsx';

// The search button comes after the screen's own code: it is not needed to show the first screen, and
// the size budget of a list screen's first load has no room for it.
const GlobalSearch = lazyPage(() => import('../features/search/GlobalSearch.tsx').then((m) => m.GlobalSearch));

function CompanySwitchers({ inverted }: { inverted: boolean }) {
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
  Account: AccountActions,
};
