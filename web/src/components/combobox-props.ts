// The dropdown settings of every Select, Autocomplete and TagsInput. Mantine keeps a closed dropdown mounted (hidden)
// by default; its positioning then measures the page's layout as each input mounts, which on the patient screen forced
// a layout of the whole screen in the middle of its first render. A dropdown that is mounted only while open does not.
import type { ComboboxProps } from '@mantine/core';

export const comboboxProps: ComboboxProps = { withinPortal: true, keepMounted: false };
