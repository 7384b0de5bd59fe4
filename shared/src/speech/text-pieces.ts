// A text cut into pieces a speech engine takes at once, at sentence boundaries: the browser's synthesis (short
// utterances, web) and Amazon Polly (at most 3000 characters a call, lambdas) read a long text piece by piece.

/**
 * The text in reading order as pieces of at most `maxChars`: sentences joined while they fit; a sentence longer than
 * that is cut at spaces (or, with none, anywhere). Blank text has no pieces.
 */
export const textPieces = (text: string, maxChars: number): string[] => {
  const sentences = text.split(/(?<=[.!?;:])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
  const pieces: string[] = [];
  for (const sentence of sentences.flatMap((s) => cutLong(s, maxChars))) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + 1 + sentence.length <= maxChars) pieces[pieces.length - 1] = `${last} ${sentence}`;
    else pieces.push(sentence);
  }
  return pieces;
};

const cutLong = (sentence: string, maxChars: number): string[] => {
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(' ', maxChars);
    const end = space > 0 ? space : maxChars;
    parts.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  return rest ? [...parts, rest] : parts;
};
