/**
 * The operator company switcher (spec 01 §2, §6): super and support users search every company,
 * 10 per page with a wrapping pager. Choosing one makes it current and goes to /cms/customers; the
 * New entry goes to super-users-create (spec 01 §2).
 */
import Add from '@mui/icons-material/Add';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { cutName } from '../../app/current-company-store.ts';
import { LazyPopover as Popover } from '../../components/lazy-popups.tsx';
import { Pager } from '../../components/Pager.tsx';
import { MIN_SPINNER_MS } from '../../components/paging.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { useMinimumDuration } from '../../components/use-minimum-duration.ts';
import { hasRoute, routeByName } from '../../routes.tsx';
import { useCompanies } from './hooks.ts';
import { companiesIds } from './testids.ts';

function CompanyPicker({
  currentId,
  onChoose,
  onLeave,
}: {
  currentId: number | null;
  onChoose: (id: number) => void;
  /** The popover closes when "New" leads to another screen. */
  onLeave: () => void;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const companies = useCompanies({ search, page });
  const onSearch = useCallback((next: string) => {
    setSearch(next);
    setPage(1);
  }, []);
  const spinning = useMinimumDuration(companies.isFetching, MIN_SPINNER_MS);
  const rows = companies.data?.data;
  const createRoute = hasRoute('super-users-create') ? routeByName('super-users-create') : undefined;

  return (
    <Box sx={{ width: 360, maxWidth: '100vw' }} data-testid={companiesIds.operatorPopover}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5 }}>
        <SearchField
          value={search}
          onSearch={onSearch}
          autoFocus
          testId={companiesIds.operatorSearch}
          clearTestId={companiesIds.operatorSearchClear}
        />
        <Box sx={{ width: 20, display: 'flex' }}>
          {spinning && (
            <CircularProgress size={18} aria-label="Loading" data-testid={companiesIds.operatorSpinner} />
          )}
        </Box>
      </Box>
      <Divider />
      {companies.error && (
        <Alert severity="warning" sx={{ m: 1.5 }}>
          {companies.error.message}
        </Alert>
      )}
      {/* A div, not a list: its entries are buttons, and "No companies match." is a paragraph (axe \`list\`). */}
      <List component="div" dense sx={{ maxHeight: 420, overflowY: 'auto', py: 0.5 }}>
        {rows?.map((c) => (
          <ListItemButton
            key={c.id}
            selected={c.id === currentId}
            onClick={() => onChoose(c.id)}
            data-testid={companiesIds.operatorOption}
            data-company-id={c.id}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              {c.id === currentId ? <Check fontSize="small" /> : null}
            </ListItemIcon>
            <ListItemText primary={c.name} secondary={`#${c.id} · ${c.currency}`} />
          </ListItemButton>
        ))}
        {rows && rows.length === 0 && (
          <Typography
            color="text.secondary"
            sx={{ p: 2, textAlign: 'center' }}
            data-testid={companiesIds.operatorEmpty}
          >
            No companies match.
          </Typography>
        )}
      </List>
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1.5, py: 0.5 }}>
        {createRoute ? (
          <Button
            size="small"
            component={Link}
            to={createRoute.path}
            onClick={onLeave}
            startIcon={<Add />}
            data-testid={companiesIds.operatorNew}
          >
            New
          </Button>
        ) : (
          <span />
        )}
        <Pager
          dense
          meta={companies.data?.meta}
          onPage={setPage}
          ids={{
            range: companiesIds.operatorRange,
            page: companiesIds.operatorPage,
            previous: companiesIds.operatorPrevious,
            next: companiesIds.operatorNext,
          }}
        />
      </Box>
    </Box>
  );
}

export function OperatorCompanySwitcher({ inverted = false }: { inverted?: boolean }) {
  const { company, isOperator, select } = useCurrentCompany();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!isOperator) return null;

  const choose = (id: number) => {
    setAnchor(null);
    select(id);
    navigate('/cms/customers');
  };

  return (
    <>
      <Button
        color={inverted ? 'inherit' : 'secondary'}
        variant="outlined"
        startIcon={<BusinessOutlined />}
        endIcon={<ExpandMore />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-label={company ? `Current company: ${company.name}` : 'Choose a company'}
        title={company?.name}
        data-testid={companiesIds.operatorSwitcher}
        sx={{ maxWidth: 320, whiteSpace: 'nowrap' }}
      >
        {company ? cutName(company.name) : 'Choose a company'}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1 } } }}
      >
        <CompanyPicker currentId={company?.id ?? null} onChoose={choose} onLeave={() => setAnchor(null)} />
      </Popover>
    </>
  );
}
