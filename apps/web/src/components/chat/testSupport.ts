/** jsdom lacks pointer capture, which antd-mobile's gestures (pull, swipe, image zoom) ask for. */
export function installPointerCapture(): void {
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.hasPointerCapture ??= () => false;
  // Nor does it scroll; the virtual list asks to when rows above it change size.
  Element.prototype.scrollBy ??= () => undefined;
  Element.prototype.scrollTo ??= () => undefined;
}
