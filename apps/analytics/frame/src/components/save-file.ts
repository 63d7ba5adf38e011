/** Hands a file to the browser as a download under `fileName` (an export the frame made itself). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; a minute later the object URL can go even on a slow disk.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
