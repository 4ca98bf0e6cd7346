/**
 * The ordinary company switcher (spec 01 §2, §6): for staff with company access who are neither super
 * nor support. Choosing a company makes it current and reloads the app at /cms/customers.
 */
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { cutName } from '../../app/current-company-store.ts';
import { LazyMenu as Menu } from '../../components/lazy-popups.tsx';
import { companiesIds } from './testids.ts';

export function CompanySwitcher({ inverted = false }: { inverted?: boolean }) {
  const { me, company, isOperator, select } = useCurrentCompany();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!me || isOperator || !company?.flags.hasCompanyAccess) return null;
  const companies = me.companies.filter((c) => c.hasCompanyAccess);

  const choose = (id: number) => {
    setAnchor(null);
    if (id === company.id) return;
    select(id);
    window.location.assign('/cms/customers');
  };

  return (
    <>
      <Button
        color={inverted ? 'inherit' : 'secondary'}
        variant="outlined"
        startIcon={<BusinessOutlined />}
        endIcon={<ExpandMore />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-label={`Current company: ${company.name}`}
        title={company.name}
        data-testid={companiesIds.switcher}
        sx={{ maxWidth: 320, whiteSpace: 'nowrap' }}
      >
        {cutName(company.name)}
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        data-testid={companiesIds.switcherMenu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {companies.map((c) => (
          <MenuItem
            key={c.id}
            selected={c.id === company.id}
            onClick={() => choose(c.id)}
            data-testid={companiesIds.switcherOption(c.id)}
          >
            <ListItemIcon>{c.id === company.id ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={c.name} secondary={c.role ? `${c.role} · ${c.currency}` : c.currency} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
