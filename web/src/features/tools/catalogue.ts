// The tools (spec section 2, /tools/...): path, name and what each does. Read by the route table and the Tools page.
export interface Tool {
  slug: string;
  title: string;
  purpose: string;
  /** Full-screen tools show no top bar (spec: ToolCaseChat). */
  hideTopBar?: boolean;
}

export const tools: readonly Tool[] = [
  { slug: 'vacall', title: 'VA Call', purpose: 'A cross-cover call log for the night on call: each page, its patient, question and action, and a summary for sign-out.' },
  { slug: 'signout', title: 'Sign-out', purpose: 'An I-PASS hand-off sheet of your panel: severity, summary, actions, contingencies; print it or copy it as text.' },
  { slug: 'prompts', title: 'Prompts', purpose: 'Save the prompts you give the AI, mark favorites, and use them in chat.' },
  { slug: 'casechat', title: 'Case Chat', purpose: 'Talk a case from your library through with the AI, full screen, and go back to its earlier chats.', hideTopBar: true },
  { slug: 'feedback', title: 'Feedback', purpose: 'Tell the Chartside team what works and what does not, with a screenshot if it helps.' },
  { slug: 'moonlight', title: 'Moonlight', purpose: 'A moonlighting shift log: sites, start and end, and each month\'s hours and pay.' },
  { slug: 'fileencrypt', title: 'File Encrypt', purpose: 'Encrypt a file before you store or share it.' },
  { slug: 'transcription', title: 'Transcription', purpose: 'Turn dictated or recorded audio into text.' },
  { slug: 'vectorsearch', title: 'Vector Search', purpose: 'Ask a question of your own library: the answer cites and links the resources it draws on.' },
  { slug: 'filerenamer', title: 'File Renamer', purpose: "Rename article PDFs from their DOI's metadata ('Author Year Journal - Title.pdf'), with a preview before saving." },
  { slug: 'texttospeech', title: 'Text to Speech', purpose: 'Have a text or one of your resources read aloud by the browser, at the speed and in the voice you choose.' },
];
