// An API answer that is not a success, in the organizer's words. The HTTP status is the code
// the API documents (schemas/openapi.json): it chooses the sentence. The server's `error` text
// is written for API clients, in English; it is shown only where it is the one detail there is
// (why a 400 refused the correction), after a sentence in the organizer's language.

import { _ } from "../../data/i18n.js";

export function answerText(status, detail = null) {
  const reason = typeof detail === "string" ? detail.slice(0, 300) : "";
  if (status === 400) {
    return reason ? _("The server refused it: {reason}", { reason }) : _("The server refused it as malformed.");
  }
  if (status === 401) return _("That token is not an organizer token here. Check it and try again.");
  if (status === 403) return _("This server has no organizer tokens configured: corrections are closed.");
  if (status === 404 || status === 405) return _("This site has no write path (a static copy): corrections are made on the server.");
  // Translators: an Idempotency-Key already used for another correction (HTTP 409).
  if (status === 409) return _("This correction was already sent with other contents. Discard it and make it again.");
  if (status === 413) return _("This correction is too long for the server.");
  if (status === 429) return _("Too many attempts; wait a minute and try again.");
  if (status === 503) return _("The server cannot store corrections just now.");
  return _("The server answered {status}.", { status });
}

// Why a correction kept on this phone was not sent: `failure` is what the outbox stored
// ({status, detail}), so the words follow the language chosen when they are shown.
export function failureText(failure) {
  const status = failure?.status;
  if (status === 401 || status === 403) return _("Sign in again to send it.");
  if (status === 429 || status >= 500) return _("The server is busy; it will be sent again.");
  return answerText(status, failure?.detail);
}
