/**
 * Tabs that are links, one route each (the order lists, the products area): a `nav` whose current link
 * says so (`aria-current="page"`), drawn as MUI's tabs are (the label, the primary underline). Not MUI's
 * Tabs: those are for panels on one page (a tablist moved through with the arrow keys), and their scroll
 * buttons and sliding indicator were 5.6 kB gzip of a list's first load (docs/performance.md, "First
 * load"). On a narrow screen the row scrolls sideways.
 */
import Box from '@mui/material/Box';
import { Link } from 'react-router';
import { PRIMARY_TEXT } from '../app/theme.ts';

export interface LinkTab<V extends string> {
  value: V;
  label: string;
  to: string;
}

export function LinkTabs<V extends string>(props: {
  tabs: readonly LinkTab<V>[];
  current: V;
  /** What the row is, for a screen reader ("Order lists"). */
  label: string;
  testId?: string;
  tabTestId: (value: V) => string;
}) {
  return (
    <Box
      component="nav"
      aria-label={props.label}
      data-testid={props.testId}
      sx={{ display: 'flex', overflowX: 'auto', scrollbarWidth: 'none' }}
    >
      {props.tabs.map((tab) => {
        const current = tab.value === props.current;
        return (
          <Box
            key={tab.value}
            component={Link}
            to={tab.to}
            aria-current={current ? 'page' : undefined}
            data-testid={props.tabTestId(tab.value)}
            sx={{
              flexShrink: 0,
              display: 'inline-flex',
              alignItems: 'center',
              minHeight: 48,
              px: 2,
              typography: 'button',
              color: current ? PRIMARY_TEXT : 'text.secondary',
              textDecoration: 'none',
              borderBottom: 2,
              borderColor: current ? 'primary.main' : 'transparent',
              '&:hover': { color: current ? PRIMARY_TEXT : 'text.primary' },
              '&:focus-visible': { outlineOffset: -2 },
            }}
          >
            {tab.label}
          </Box>
        );
      })}
    </Box>
  );
}
