// Floor-plan images picked while offline wait here (IndexedDB keeps a Blob as it is; the
// outbox in localStorage keeps only text) until the outbox has uploaded them.

const DB = "hallway-organizer";
const STORE = "blobs";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run(mode, act) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const putBlob = (key, blob) => run("readwrite", (s) => s.put(blob, key));
export const getBlob = (key) => run("readonly", (s) => s.get(key));
export const dropBlob = (key) => run("readwrite", (s) => s.delete(key));
