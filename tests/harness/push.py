"""What the Web Push tests share (tests/e2e/push/): the server's push routes played at the HTTP
layer, the browser's push subscription played in the page, and push messages handed to the
real service worker through the DevTools protocol.

There is no push service on these machines, and Chromium here refuses `pushManager.subscribe`
("Registration failed - permission denied") even with notifications granted: the page's
`PushManager` is replaced by `FAKE_SUBSCRIBE` (an init script) where a test needs a
subscription. The worker itself is untouched: it gets real push events (`deliver`) and shows
real notifications, read back with `notifications(page)`.
"""

from __future__ import annotations

import json
import time
from typing import Any

from .browser import until

# A P-256 public key as a server would send it (base64url, uncompressed point).
SERVER_KEY = "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U"

# The browser's side of a subscription, kept in localStorage as a browser keeps its own.
FAKE_SUBSCRIBE = """
(() => {
  if (!self.PushManager) return;
  const KEY = "test.push.subscription";
  const bytes = (text) =>
    Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)).buffer;
  const text = (key) => typeof key === "string" ? key
    : btoa(String.fromCharCode(...new Uint8Array(key)))
        .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const made = (kept) => kept && {
    endpoint: kept.json.endpoint,
    options: { userVisibleOnly: true, applicationServerKey: bytes(kept.key) },
    toJSON: () => kept.json,
    unsubscribe: async () => { localStorage.removeItem(KEY); return true; },
  };
  PushManager.prototype.getSubscription = async () => made(JSON.parse(localStorage.getItem(KEY) || "null"));
  PushManager.prototype.subscribe = async (options) => {
    const key = text(options.applicationServerKey);
    window.__subscribed = { userVisibleOnly: options.userVisibleOnly, key };
    const n = Math.random().toString(36).slice(2);
    const json = { endpoint: "http://127.0.0.1:9/push/" + n, expirationTime: null,
      keys: { p256dh: "B" + "A".repeat(86), auth: "A".repeat(22) } };
    const kept = { json, key };
    localStorage.setItem(KEY, JSON.stringify(kept));
    return made(kept);
  };
})();
"""


class PushRoutes:
    """`/api/v1/push/*` as the server's contract says, recorded: `puts` and `deletes` are the
    bodies received. `key_status` other than 200 plays a server with push turned off; `down`
    a network that does not reach it (routed requests do not see `context.set_offline`)."""

    def __init__(self, context: Any, base_url: str, key_status: int = 200):
        self.puts: list[dict[str, Any]] = []
        self.deletes: list[dict[str, Any]] = []
        self.key_status = key_status
        self.down = False
        self.put_status = 200
        context.route(f"{base_url}/api/v1/push/**", self.handle)

    def handle(self, route: Any) -> None:
        request = route.request
        if self.down:
            route.abort("internetdisconnected")
        elif request.method == "GET" and request.url.endswith("/push/key"):
            if self.key_status != 200:
                route.fulfill(
                    status=self.key_status, json={"error": "push is turned off on this server (PUSH=0)"}
                )
            else:
                route.fulfill(json={"publicKey": SERVER_KEY})
        elif request.method == "PUT":
            body = request.post_data_json
            self.puts.append(body)
            if self.put_status != 200:
                route.fulfill(status=self.put_status, json={"error": "wake: not within the event"})
            else:
                route.fulfill(json={"ok": True, "wake": len(body["wake"])})
        elif request.method == "DELETE":
            self.deletes.append(request.post_data_json)
            route.fulfill(status=204)
        else:
            route.fulfill(status=405, json={"error": "not in the contract"})

    def last_wake(self) -> list[str] | None:
        return self.puts[-1]["wake"] if self.puts else None

    def wait_wake(self, page: Any, expected: list[str], timeout: float = 10) -> None:
        """Waits until the last PUT carries exactly `expected` (the page sends asynchronously)."""
        until(
            page,
            lambda: self.last_wake() == expected,
            timeout,
            lambda: f"last wake-up list {self.last_wake()}, expected {expected}",
        )


class Pusher:
    """Hands push messages to the origin's service worker, as a push service would."""

    def __init__(self, context: Any, page: Any, origin: str):
        self.origin = origin
        self.registrations: list[dict[str, Any]] = []
        self.cdp = context.new_cdp_session(page)
        self.cdp.on(
            "ServiceWorker.workerRegistrationUpdated", lambda e: self.registrations.extend(e["registrations"])
        )
        self.errors: list[dict[str, Any]] = []  # what the worker reported going wrong
        self.cdp.on("ServiceWorker.workerErrorReported", lambda e: self.errors.append(e["errorMessage"]))
        # Each version's state as it changes, and when (seconds on this process's clock): a
        # failure says whether the worker was still activating when the push was handed over.
        self.versions: list[tuple[float, str, str]] = []
        self.cdp.on("ServiceWorker.workerVersionUpdated", self._versions)
        self.delivered: list[float] = []
        self.cdp.send("ServiceWorker.enable")

    def _versions(self, event: dict[str, Any]) -> None:
        at = time.monotonic()
        for v in event["versions"]:
            seen = (v["scriptURL"].rsplit("/", 1)[-1], v["status"])
            if not any((url, status) == seen for _, url, status in self.versions):
                self.versions.append((at, *seen))

    def registration_id(self, page: Any) -> str:
        scope = self.origin + "/"
        for _ in range(40):  # bounded: events arrive only while Playwright runs (not time.sleep)
            found = [r for r in self.registrations if r["scopeURL"] == scope and not r["isDeleted"]]
            if found:
                return found[-1]["registrationId"]
            page.wait_for_timeout(250)
        raise AssertionError(f"no service worker registration for {scope}: {self.registrations}")

    def seen(self) -> str:
        start = self.delivered[0] if self.delivered else time.monotonic()
        states = [f"{url} {status} at {at - start:+.1f}s" for at, url, status in self.versions]
        pushes = [f"{at - start:+.1f}s" for at in self.delivered]
        return f"versions {states}; pushes at {pushes}; errors {self.errors}; {self.registrations}"

    def deliver(self, page: Any, message: dict[str, Any]) -> None:
        # The worker answers a message first (the page's "drawn" message, which keeps nothing
        # without an address): the push then meets a running worker, as a push service's does
        # more often than not. Once, a push handed to a worker just woken showed nothing.
        assert page.evaluate(WORKER_AWAKE), f"the worker did not answer: {self.seen()}"
        data = json.dumps(message)
        self.delivered.append(time.monotonic())
        self.cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": self.origin, "registrationId": self.registration_id(page), "data": data},
        )


# Bounded: a worker replaced while it held the message never answers (the push worker taking
# over from the plain one, features/offline/worker-update.js); the one in charge then is asked.
WORKER_AWAKE = """async () => {
  for (let tries = 0; tries < 10; tries++) {
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answered = new Promise((resolve) => { channel.port1.onmessage = (event) => resolve(event.data); });
    registration.active.postMessage({ type: "drawn" }, [channel.port2]);
    const late = new Promise((resolve) => setTimeout(() => resolve(null), 3000));
    if (await Promise.race([answered, late])) return true;
  }
  return false;
}"""
NOTIFICATIONS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const list = await registration.getNotifications();
  return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url }));
}"""
CLOSE_NOTIFICATIONS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  for (const n of await registration.getNotifications()) n.close();
}"""
# The kept schedule as the worker left it, and whether its digest header still matches it.
KEPT = """async () => {
  const response = await (await caches.open("hallway-data")).match("/api/v1/schedule.json");
  if (!response) return null;
  const text = await response.text();
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
  return { doc: JSON.parse(text), digestOk: response.headers.get("X-Hallway-Digest") === hex,
           etag: response.headers.get("ETag") };
}"""


def notifications(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(NOTIFICATIONS)


WORKER_STATE = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const mirror = await (await caches.open("hallway-data")).match("/hallway/stars.json");
  return { active: r?.active?.state ?? null, mirror: mirror ? await mirror.json() : null };
}"""


def wait_notifications(
    page: Any, count: int, pusher: Pusher, timeout: float = 20, server: Any = None
) -> list[dict[str, Any]]:
    """The notifications shown, once there are at least `count` (bounded); what the worker
    had to go on when there are not: its state, the kept copy's version, and the last paths
    the server served (a push handled asks for /api/v1/changes)."""

    def what() -> str:
        copy = kept(page)
        version = copy["doc"].get("version") if copy else None
        served = server.requests()[-6:] if server is not None else "not asked"
        return (
            f"{count} shown; worker {page.evaluate(WORKER_STATE)}; kept version {version}; "
            f"served last {served}; {pusher.seen()}"
        )

    def enough() -> Any:
        shown = notifications(page)
        return len(shown) >= count and shown

    return until(page, enough, timeout, what)


def kept(page: Any) -> dict[str, Any] | None:
    return page.evaluate(KEPT)


def kept_session(page: Any, sid: str) -> dict[str, Any]:
    copy = kept(page)
    assert copy is not None, "nothing kept"
    return next(s for s in copy["doc"]["sessions"] if s["id"] == sid)


def worker_only(page: Any, base_url: str) -> None:
    """Leaves the app: a same-origin JSON document runs none of its code, so what happens next
    is the worker's doing alone (the app closed), while the page can still read the caches
    and the notifications."""
    page.goto(base_url + "/api/v1/venue.json")
