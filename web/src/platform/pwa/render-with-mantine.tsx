// Renders a component inside the app's Mantine theme, as the app does.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { cssVariablesResolver, theme } from '../../app/theme';

export const renderWithMantine = (ui: ReactElement) =>
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {ui}
    </MantineProvider>,
  );
