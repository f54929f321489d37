/** The HTML document both stand-ins' hosted pages are served in: doctype, viewport, title, inline CSS, optional header, main. */

export interface PageShell {
  /** The page's title, already escaped by the caller (each stand-in escapes as its pages do). */
  titleHtml: string;
  /** The page's whole stylesheet, inlined: no external assets, so the pages render the same offline. */
  css: string;
  /** Before <main>: a brand bar, say. */
  headerHtml?: string;
  /** What <main> holds. */
  mainHtml: string;
}

export function pageShell({ titleHtml, css, headerHtml, mainHtml }: PageShell): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${titleHtml}</title>
<style>${css}</style>
</head>
<body>
${headerHtml ? `${headerHtml}\n` : ''}<main>
${mainHtml}
</main>
</body>
</html>
`;
}
