/** A position from the browser, as the protocol's Coordinates take it. */
export interface Fix {
  latitude: number;
  longitude: number;
}

/**
 * The device's position, once; null when there is none to have (permission refused, location
 * off, no fix in time, or no geolocation at all). Asking is what makes the browser prompt, so
 * call it from the person's own tap the first time.
 */
export function currentPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<Fix | null> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
