import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { LazyTooltip as Tooltip } from '../components/LazyTooltip.tsx';
import { LazyMenu as Menu } from '../components/lazy-popups.tsx';
import { HELP_LINKS } from './config.ts';
import { HelpButton } from './HelpMenu.tsx';
import { shellIds } from './testids.ts';

/** The help menu's tooltip and menu (HelpMenu.tsx loads them): the knowledge base and the service desk. */
export function HelpMenuOpen() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const links = [
    {
      href: HELP_LINKS.knowledgeBase,
      label: 'Knowledge base',
      icon: <MenuBookOutlined />,
      testId: shellIds.helpKnowledgeBase,
    },
    {
      href: HELP_LINKS.serviceDesk,
      label: 'Service desk',
      icon: <SupportAgentOutlined />,
      testId: shellIds.helpServiceDesk,
    },
  ];
  return (
    <>
      <Tooltip title="Help">
        <HelpButton onClick={(event) => setAnchor(event.currentTarget)} />
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {links.map((link) => (
          <MenuItem
            key={link.label}
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setAnchor(null)}
            data-testid={link.testId}
          >
            <ListItemIcon>{link.icon}</ListItemIcon>
            <ListItemText primary={link.label} />
            <OpenInNew fontSize="small" sx={{ ml: 2, color: 'text.secondary' }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
