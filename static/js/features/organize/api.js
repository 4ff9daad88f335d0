// The console's side of the write API: the organizer's token (localStorage, under one key,
// sent only in the Authorization header: never in a URL, a log line or a cache) and requests.

import { ORGANIZER_KEY } from "../../data/organizer-session.js";
import { answerText } from "./errors.js";

const TIMEOUT = 15000;

// No answer at all (no connection, server down, timed out): the caller keeps the work.
export class Offline extends Error {}

export function account() {
  try {
    const value = JSON.parse(localStorage.getItem(ORGANIZER_KEY) || "null");
    if (value && typeof value.name === "string" && typeof value.token === "string" && value.token) return value;
  } catch {
    // Damaged or blocked storage: signed out.
  }
  return null;
}

export function saveAccount(name, token) {
  localStorage.setItem(ORGANIZER_KEY, JSON.stringify({ name, token }));
}

export function forgetAccount() {
  try {
    localStorage.removeItem(ORGANIZER_KEY);
  } catch {
    // Nothing was stored.
  }
}

// {status, body} for any HTTP answer; throws Offline when there is none.
// A Blob body (an image) is sent as it is, with its own type; anything else as JSON.
export async function call(method, path, { token = account()?.token, body, key, headers: extra = {} } = {}) {
  const headers = { Accept: "application/json", ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  const raw = body instanceof Blob;
  if (body !== undefined) headers["Content-Type"] = raw ? body.type || "application/octet-stream" : "application/json";
  if (key) headers["Idempotency-Key"] = key;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT);
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined || raw ? body : JSON.stringify(body),
      cache: "no-store",
      credentials: "omit",
      signal: abort.signal,
    });
  } catch (error) {
    throw new Offline(error?.name === "AbortError" ? "no answer within 15 s" : "no connection");
  } finally {
    clearTimeout(timer);
  }
  let parsed = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null; // an HTML error page from a proxy: the status says enough
  }
  return { status: response.status, body: parsed };
}

// The name the server knows this token by: {name} or {error}; throws Offline.
export async function whoami(token) {
  const { status, body } = await call("GET", "/api/v1/whoami", { token });
  if (status === 200 && body && typeof body.name === "string") return { name: body.name };
  return { error: answerText(status, body?.error) };
}

export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}
