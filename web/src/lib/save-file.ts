/** Saves `text` as a file named `name` through the browser's own download. */
export function saveFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
