/**
 * A picture of a QR code to keep: the rendered SVG drawn onto a white canvas with a caption
 * under it, as a PNG (./saveBlob hands it to the browser as a download: phones put it with the
 * photos or the downloads).
 */
export async function qrPng(svg: SVGSVGElement, caption: string, size = 480): Promise<Blob> {
  const padding = Math.round(size / 10);
  const captionHeight = caption ? Math.round(size / 8) : 0;
  const canvas = document.createElement('canvas');
  canvas.width = size + padding * 2;
  canvas.height = size + padding * 2 + captionHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');

  const markup = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();

  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, padding, padding, size, size);
  if (caption) {
    context.fillStyle = '#1a1a1a';
    context.font = `600 ${Math.round(size / 16)}px sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(caption, canvas.width / 2, size + padding * 1.5 + captionHeight / 2, size);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
  );
}
