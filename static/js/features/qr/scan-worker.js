// Decodes camera frames with the vendored jsQR, off the main thread. A classic worker, so
// importScripts can load jsQR's UMD build; it is fetched only when scanning starts.
/* global jsQR */
importScripts('../../../vendor/jsqr/jsQR.js');

self.addEventListener('message', (event) => {
  const { width, height, data } = event.data;
  let text = null;
  try {
    const code = jsQR(new Uint8ClampedArray(data), width, height, { inversionAttempts: 'attemptBoth' });
    text = code ? code.data : null;
  } catch {
    text = null; // a frame jsQR chokes on is just a frame without a code
  }
  self.postMessage(text);
});
