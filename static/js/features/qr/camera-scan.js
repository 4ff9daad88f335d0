// The camera scanner: shows the rear camera in `container` and reports each QR code's text.
//
// Decodes with the browser's BarcodeDetector where it exists; elsewhere (Chromium on Linux,
// Firefox) with the vendored jsQR, in a worker loaded only when scanning starts, so neither
// the decoder's size nor its work weighs on the rest of the app.

const FRAME_INTERVAL_MS = 150;
const MAX_FRAME_SIDE = 640; // enough for a code filling a fifth of the view
const DEFAULT_MAX_MS = 3 * 60 * 1000; // then stop: a forgotten scanner drains the battery

export const MESSAGES = {
  insecure: 'The camera needs a secure connection (https). Open the code with your phone’s camera app instead.',
  unsupported: 'This browser cannot use the camera. Open the code with your phone’s camera app instead.',
  denied: 'Camera access was denied. Allow the camera for this site in the browser’s settings, then try again.',
  absent: 'No camera was found on this device.',
  busy: 'The camera is in use by another app. Close it, then try again.',
  failed: 'The camera could not be started.',
  timeout: 'Scanning stopped after a few minutes to save the battery.',
  decoder: 'This browser reads codes with a helper the app downloads once it has been online for a moment; it is not on this device yet. Type the code below instead.',
};

/** The message for a getUserMedia failure. */
export function cameraProblem(error) {
  switch (error && error.name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return MESSAGES.denied;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return MESSAGES.absent;
    case 'NotReadableError':
    case 'AbortError':
      return MESSAGES.busy;
    default:
      return MESSAGES.failed;
  }
}

async function nativeDetector() {
  if (!('BarcodeDetector' in globalThis)) return null;
  try {
    const formats = await globalThis.BarcodeDetector.getSupportedFormats();
    if (!formats.includes('qr_code')) return null;
    const detector = new globalThis.BarcodeDetector({ formats: ['qr_code'] });
    return {
      decode: async (video) => {
        const found = await detector.detect(video);
        return found.length ? found[0].rawValue : null;
      },
      close() {},
    };
  } catch {
    return null; // a detector that cannot start is no detector: fall back to jsQR
  }
}

// `onBroken`: the worker could not start (its decoder not cached and no network): without it
// the camera would film for nothing, so the scanner stops and says so.
function workerDecoder(onBroken) {
  const worker = new Worker(new URL('./scan-worker.js', import.meta.url));
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let pending = null;
  worker.addEventListener('message', (event) => {
    const resolve = pending;
    pending = null;
    if (resolve) resolve(typeof event.data === 'string' ? event.data : null);
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    const resolve = pending;
    pending = null;
    if (resolve) resolve(null);
    onBroken();
  });
  return {
    decode(video) {
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      if (!width || !height) return Promise.resolve(null);
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      return new Promise((resolve) => {
        pending = resolve;
        worker.postMessage({ width, height, data: data.buffer }, [data.buffer]);
      });
    },
    close() {
      worker.terminate();
      if (pending) pending(null);
      pending = null;
    },
  };
}

/**
 * Start scanning into `container`. Callbacks: `onText(text)` for each new code (the same
 * code is reported once until another one is seen), `onProblem(message)` when the camera
 * cannot be used or scanning timed out. Returns `{ stop, ready }`; `ready` resolves to true
 * once frames are being decoded, false if it never got that far. `stop()` turns the camera
 * off and is safe to call twice; the view calls it when it is left.
 */
export function startScanner(container, { onText, onProblem, maxMs = DEFAULT_MAX_MS, mediaDevices } = {}) {
  const devices = mediaDevices || (globalThis.navigator && navigator.mediaDevices);
  const video = document.createElement('video');
  video.setAttribute('playsinline', '');
  video.muted = true;
  video.className = 'scan-video';
  container.append(video);

  let stopped = false;
  let stream = null;
  let decoder = null;
  let timer = 0;
  let last = null;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    globalThis.removeEventListener('pagehide', stop);
    if (stream) for (const track of stream.getTracks()) track.stop();
    if (decoder) decoder.close();
    video.srcObject = null;
    video.remove();
  };
  const fail = (message) => {
    stop();
    if (onProblem) onProblem(message);
    return false;
  };
  globalThis.addEventListener('pagehide', stop);

  const ready = (async () => {
    if (!globalThis.isSecureContext) return fail(MESSAGES.insecure);
    if (!devices || !devices.getUserMedia) return fail(MESSAGES.unsupported);
    try {
      stream = await devices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' } } });
    } catch (error) {
      return fail(cameraProblem(error));
    }
    if (stopped) {
      for (const track of stream.getTracks()) track.stop();
      return false;
    }
    video.srcObject = stream;
    try {
      await video.play();
    } catch (error) {
      return fail(cameraProblem(error));
    }
    decoder = (await nativeDetector()) || workerDecoder(() => !stopped && fail(MESSAGES.decoder));
    if (stopped) {
      decoder.close();
      return false;
    }
    const deadline = Date.now() + maxMs;
    const tick = async () => {
      if (stopped) return;
      if (Date.now() > deadline) {
        fail(MESSAGES.timeout);
        return;
      }
      let text = null;
      try {
        text = video.readyState >= 2 ? await decoder.decode(video) : null;
      } catch {
        text = null; // one unreadable frame is not worth stopping for
      }
      if (stopped) return;
      if (text && text !== last) {
        last = text;
        onText(text);
      }
      if (!stopped) timer = setTimeout(tick, FRAME_INTERVAL_MS);
    };
    tick();
    return true;
  })();

  return { stop, ready, video };
}
