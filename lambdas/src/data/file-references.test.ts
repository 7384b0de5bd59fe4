import { expect, it } from 'vitest';
import { objectKeyPattern } from './file-references';

it.each([
  ['a file entry', '{"filePath":"userContent/u1/a.pdf","name":"A"}', ['userContent/u1/a.pdf']],
  ['an image block inside a JSON string', '{"data":"[{\\"url\\":\\"chartside-file:userContent/u1/b.jpg\\"}]"}', ['userContent/u1/b.jpg']],
  ['a temporary upload in text', 'see userContent/u1/temp/c.txt here', ['userContent/u1/temp/c.txt']],
  ['no key', '{"name":"userContent"}', []],
])('finds the object keys in %s', (_what, text, want) => expect([...text.matchAll(objectKeyPattern())].map((m) => m[0])).toEqual(want));
