// Mantine theme. Mantine's default blue (shade 6) has 3.6:1 contrast on white and fails axe; shade 8 has 5:1.
// The same goes for the dimmed (gray 6) and error (red 6) text colours, darkened below.
import { createTheme, type ComboboxFactory, type CSSVariablesResolver, type ExtendComponent, type ModalFactory } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    // A dialog's title is its question: it reads as a heading. Typed like Modal.extend, without importing Modal: the
    // theme is on the first screen, the dialogs load with the pages that open them.
    Modal: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } } satisfies ExtendComponent<ModalFactory>,
    // A select's options render when it opens. Kept mounted (Mantine's default), each closed dropdown was positioned as
    // its page mounted, every one reading the page's computed style: a patient's screen spent ~30 ms of its first
    // render on that (Lighthouse, 4x CPU).
    Combobox: { defaultProps: { keepMounted: false } } satisfies ExtendComponent<ComboboxFactory>,
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
