/**
 * Sign in (signed out only), the profile button (when the profile route exists) and sign out
 * (signed in only, loading while it runs); on small screens a dropdown with Profile and Sign Out.
 */
import AccountCircle from '@mui/icons-material/AccountCircle';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyTooltip as Tooltip } from '../components/LazyTooltip.tsx';
import { LazyMenu as Menu } from '../components/lazy-popups.tsx';
import { useLogout, useSignedIn } from '../features/auth/hooks.ts';
import { hasRoute } from '../routes.tsx';
import { useCurrentCompany } from './current-company.tsx';
import { shellIds } from './testids.ts';

export function AccountActions({ inverted = false }: { inverted?: boolean }) {
  const signedIn = useSignedIn();
  const { me } = useCurrentCompany();
  const logout = useLogout();
  const navigate = useNavigate();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const profile = hasRoute('auth-profile');

  if (!signedIn) {
    return (
      <Button
        component={Link}
        to="/auth/login"
        color={inverted ? 'inherit' : 'primary'}
        variant={inverted ? 'outlined' : 'contained'}
        startIcon={<Login />}
        data-testid={shellIds.signIn}
      >
        Sign in
      </Button>
    );
  }

  const signOut = () => {
    setAnchor(null);
    logout.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) });
  };

  if (small) {
    return (
      <>
        <IconButton
          color="inherit"
          aria-label="Account"
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid={shellIds.accountMenuButton}
        >
          {logout.isPending ? <CircularProgress size={22} color="inherit" /> : <AccountCircle />}
        </IconButton>
        <Menu
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {profile && (
            <MenuItem
              component={Link}
              to="/auth/profile"
              onClick={() => setAnchor(null)}
              data-testid={shellIds.accountMenuProfile}
            >
              <ListItemIcon>
                <PersonOutline fontSize="small" />
              </ListItemIcon>
              <ListItemText primary="Profile" secondary={me?.email} />
            </MenuItem>
          )}
          <MenuItem onClick={signOut} disabled={logout.isPending} data-testid={shellIds.accountMenuSignOut}>
            <ListItemIcon>
              <Logout fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Sign Out" secondary={profile ? undefined : me?.email} />
          </MenuItem>
        </Menu>
      </>
    );
  }

  return (
    <>
      {profile && (
        <Tooltip title="Profile">
          <IconButton
            color="inherit"
            component={Link}
            to="/auth/profile"
            aria-label="Profile"
            data-testid={shellIds.profile}
          >
            <AccountCircle />
          </IconButton>
        </Tooltip>
      )}
      {/* describeChild: the email describes the button; as its label it replaced "Sign out". */}
      <Tooltip title={me ? `Signed in as ${me.email}` : ''} describeChild>
        <Button
          color="inherit"
          variant="text"
          startIcon={<Logout />}
          loading={logout.isPending}
          loadingPosition="start"
          onClick={signOut}
          data-testid={shellIds.signOut}
        >
          Sign out
        </Button>
      </Tooltip>
    </>
  );
}
