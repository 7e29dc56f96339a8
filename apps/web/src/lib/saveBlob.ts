/** Hands a file to the browser to save (a QR code's picture, a chat's photo). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the download has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
