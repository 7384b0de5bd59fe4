// The top bar (spec section 2): the app name to Home, AI chat, Text transformer, Panel, Feed with its unread badge,
// and the overflow menu. On a phone, AI chat, Text transformer and Panel move into the menu.
import { ActionIcon, Anchor, Badge, Box, Button, Group, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useMatch } from 'react-router';
import { IconDotsVertical } from '../../components/icons';
import { unreadBadge, useUnreadCount } from '../../features/feed/queries';

export type ShellDialog = 'new-resource' | 'text-transformer';

export interface TopBarProps {
  onOpenDialog: (dialog: ShellDialog) => void;
  onLogout: () => void;
}

/** Mantine's `sm` breakpoint: below it the bar keeps only the app name, Feed and the menu. */
const WIDE = '(min-width: 48em)';

function NavButton({ to, children }: { to: string; children: string }) {
  const active = useMatch({ path: to, end: false }) !== null;
  return (
    <Button component={Link} to={to} variant={active ? 'light' : 'subtle'} aria-current={active ? 'page' : undefined} px="sm">
      {children}
    </Button>
  );
}

function FeedButton() {
  const badge = unreadBadge(useUnreadCount());
  const active = useMatch({ path: '/feed', end: false }) !== null;
  return (
    <Button
      component={Link}
      to="/feed"
      variant={active ? 'light' : 'subtle'}
      px="sm"
      aria-current={active ? 'page' : undefined}
      aria-label={badge ? `Feed, ${badge} unread` : 'Feed'}
      rightSection={
        badge && (
          <Badge size="sm" color="red" variant="filled" aria-hidden>
            {badge}
          </Badge>
        )
      }
    >
      Feed
    </Button>
  );
}

export function TopBar({ onOpenDialog, onLogout }: TopBarProps) {
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });

  return (
    <Box
      component="header"
      px={{ base: 'xs', sm: 'md' }}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group h={56} justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to="/" fw={700} fz="lg" underline="never" c="var(--mantine-color-text)" px={4}>
          Chartside
        </Anchor>
        <Group component="nav" aria-label="Main" gap={4} wrap="nowrap">
          {wide && (
            <>
              <NavButton to="/chat">AI chat</NavButton>
              <Button variant="subtle" px="sm" onClick={() => onOpenDialog('text-transformer')}>
                Text transformer
              </Button>
              <NavButton to="/panel">Panel</NavButton>
            </>
          )}
          <FeedButton />
          {/* The bar is sticky, so the menu button is never scrolled away: no need to hide a "detached" dropdown. */}
          <Menu position="bottom-end" width={220} shadow="md" loop hideDetached={false}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Menu">
                <IconDotsVertical />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {!wide && (
                <>
                  <Menu.Item component={Link} to="/chat">
                    AI chat
                  </Menu.Item>
                  <Menu.Item onClick={() => onOpenDialog('text-transformer')}>Text transformer</Menu.Item>
                  <Menu.Item component={Link} to="/panel">
                    Panel
                  </Menu.Item>
                  <Menu.Divider />
                </>
              )}
              <Menu.Item onClick={() => onOpenDialog('new-resource')}>New Resource</Menu.Item>
              <Menu.Item component={Link} to="/templates">
                Templates
              </Menu.Item>
              <Menu.Item component={Link} to="/documents">
                Documents
              </Menu.Item>
              <Menu.Item component={Link} to="/admissions">
                Admissions
              </Menu.Item>
              <Menu.Item component={Link} to="/tools">
                Tools
              </Menu.Item>
              <Menu.Item component={Link} to="/settings">
                Settings
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item onClick={onLogout}>
                Logout
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Box>
  );
}
