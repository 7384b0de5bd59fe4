// Words for the tag manager: '1 resource', '3 patients'.
import type { TagKind } from './queries';

const nouns: Record<TagKind, [string, string]> = { resource: ['resource', 'resources'], patient: ['patient', 'patients'] };

export const itemCount = (kind: TagKind, count: number): string => `${count} ${nouns[kind][count === 1 ? 0 : 1]}`;

/** The tag in a list that `name` would collide with (tags compare case-insensitively), other than `self`. */
export const existingTag = (tags: readonly string[], name: string, self: string): string | undefined =>
  tags.find((tag) => tag !== self && tag.toLocaleLowerCase() === name.toLocaleLowerCase());
