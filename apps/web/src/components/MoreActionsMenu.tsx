import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { LazyMenu as Menu } from './lazy-popups.tsx';

export type MoreAction = { key: string; label: string; testId: string; onClick: () => void };

/**
 * A detail page's less frequent actions behind one "More actions" button, so the header keeps its everyday
 * buttons on one line at desktop width (the order page had eight buttons wrapping onto two rows).
 * Renders nothing when there is no action.
 */
export function MoreActionsMenu({
  actions,
  disabled = false,
  testId,
}: {
  actions: MoreAction[];
  disabled?: boolean;
  testId: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!actions.length) return null;
  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ArrowDropDown />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid={testId}
      >
        More actions
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.map(({ key, label, testId: itemTestId, onClick }) => (
          <MenuItem
            key={key}
            data-testid={itemTestId}
            onClick={() => {
              setAnchor(null);
              onClick();
            }}
          >
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
