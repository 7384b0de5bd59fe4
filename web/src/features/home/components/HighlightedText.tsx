// A snippet from the search: its matched parts as <mark> elements, built from the parts (never as HTML).
import type { Snippet } from '@chartside/shared';
import { Fragment } from 'react';

export function HighlightedText({ parts }: { parts: Snippet['parts'] }) {
  return (
    <>
      {parts.map((part, i) => (part.highlight ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>))}
    </>
  );
}
