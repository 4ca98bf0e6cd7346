/**
 * The app bar's signed-in controls (see `SessionControls` in TopBar.tsx): the admin layout imports them,
 * the default layout loads this module lazily, so the sign-in page never downloads them.
 */
import { CompanySwitcher } from '../features/companies/CompanySwitcher.tsx';
import { OperatorCompanySwitcher } from '../features/companies/OperatorCompanySwitcher.tsx';
import { AccountActions } from './AccountActions.tsx';
import type { SessionControls } from './TopBar.tsx';

function CompanySwitchers({ inverted }: { inverted: boolean }) {
  return (
    <>
      <CompanySwitcher inverted={inverted} />
      <OperatorCompanySwitcher inverted={inverted} />
    </>
  );
}

export const sessionControls: SessionControls = { Switchers: CompanySwitchers, Account: AccountActions };
