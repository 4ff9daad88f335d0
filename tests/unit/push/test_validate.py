"""A subscription body is taken whole or refused with a message naming the field."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.unit.push.push_service import Device
from webapp.push.keys import b64url
from webapp.push.validate import PushRequestError, endpoint_request, subscription_request

WINDOW = (datetime(2026, 4, 7, 7, tzinfo=UTC), datetime(2026, 4, 8, 17, tzinfo=UTC))
NOW = datetime(2026, 4, 1, tzinfo=UTC)
DEVICE = Device("https://push.example/abc")


def body(**changes):
    doc = {"subscription": DEVICE.subscription(), "lead": 10, "wake": ["2026-04-07T09:05:00+02:00"]}
    for key, value in changes.items():
        if key in ("endpoint", "keys"):
            doc["subscription"] = {**doc["subscription"], key: value}
        else:
            doc[key] = value
    return doc


def test_a_good_body_gives_the_subscription_and_its_instants_deduplicated_in_utc():
    wake = ["2026-04-07T09:05:00+02:00", "2026-04-07T07:05:00Z", "2026-04-08T10:00:00+02:00"]
    sub, instants = subscription_request(body(wake=wake), WINDOW, NOW)
    assert sub.endpoint == "https://push.example/abc" and sub.lead == 10
    assert instants == [
        int(datetime(2026, 4, 7, 7, 5, tzinfo=UTC).timestamp()),
        int(datetime(2026, 4, 8, 8, tzinfo=UTC).timestamp()),
    ]


def test_past_instants_are_dropped_not_refused():
    now = datetime(2026, 4, 7, 8, tzinfo=UTC)
    _, instants = subscription_request(
        body(wake=["2026-04-07T07:05:00Z", "2026-04-07T08:05:00Z"]), WINDOW, now
    )
    assert instants == [int(datetime(2026, 4, 7, 8, 5, tzinfo=UTC).timestamp())]


@pytest.mark.parametrize("url", ["http://127.0.0.1:8123/push/x", "http://localhost/push/x"])
def test_a_local_push_service_is_allowed_only_with_the_test_setting(url):
    assert subscription_request(body(endpoint=url), WINDOW, NOW, loopback=True)[0].endpoint == url
    with pytest.raises(PushRequestError, match="subscription.endpoint"):
        subscription_request(body(endpoint=url), WINDOW, NOW)


# Every way a URL library or a resolver reads as an address (most of them 127.0.0.1), and the
# names that lead inside: the server must never POST there at an anonymous visitor's word.
INSIDE = [
    "https://169.254.169.254/latest/meta-data",
    "https://10.0.0.1/x",
    "https://192.168.1.1/x",
    "https://127.0.0.1/x",
    "https://127.0.0.1./x",
    "https://[::1]/x",
    "https://[::ffff:127.0.0.1]/x",
    "https://[fe80::1%25eth0]/x",
    "https://2130706433/x",
    "https://0x7f000001/x",
    "https://0x7f.1/x",
    "https://127.1/x",
    "https://0177.0.0.1/x",
    "https://push.example.1/x",
    "https://127%2E0%2E0%2E1/x",
    "https://\uff11\uff12\uff17.\uff10.\uff10.\uff11/x",
    "https://localhost/x",
    "https://api.localhost/x",
    "https://intranet/x",
    "https://push.example:8443/x",
    "https://push.example:80/x",
    "https://user@push.example/x",
    "https://:pw@push.example/x",
    "http://127.0.0.1:6379/x",
    "http://localhost:6379/x",
    "http://[::1]:6379/x",
    "http://127.0.0.2:8123/x",
]


TESTS_EXCEPTION = ("http://127.0.0.1:", "http://localhost:")


@pytest.mark.parametrize(
    ("url", "loopback"),
    [(url, False) for url in INSIDE] + [(url, True) for url in INSIDE if not url.startswith(TESTS_EXCEPTION)],
)
def test_an_endpoint_at_an_address_or_an_inside_name_is_refused(url, loopback):
    with pytest.raises(PushRequestError, match="subscription.endpoint"):
        subscription_request(body(endpoint=url), WINDOW, NOW, loopback=loopback)


@pytest.mark.parametrize(
    "url",
    [
        "https://fcm.googleapis.com/fcm/send/abc:APA91b",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
        "https://web.push.apple.com/QGuQyavXutnMH",
        "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
        "https://Push.Example:443/x",
    ],
)
def test_the_push_services_of_real_browsers_are_accepted(url):
    assert subscription_request(body(endpoint=url), WINDOW, NOW)[0].endpoint == url


SERVICES = (".push.apple.com", "fcm.googleapis.com", "push.test:8443")


@pytest.mark.parametrize(
    ("url", "taken"),
    [
        ("https://web.push.apple.com/x", True),
        ("https://push.apple.com/x", True),
        ("https://fcm.googleapis.com/x", True),
        ("https://push.test:8443/x", True),
        ("https://push.test/x", False),
        ("https://fcm.googleapis.com:8443/x", False),
        ("https://fcm.googleapis.com.evil.example/x", False),
        ("https://notpush.apple.com/x", False),
        ("https://updates.push.services.mozilla.com/x", False),
    ],
)
def test_with_an_allow_list_only_its_push_services_are_accepted(url, taken):
    if taken:
        assert subscription_request(body(endpoint=url), WINDOW, NOW, SERVICES)[0].endpoint == url
    else:
        with pytest.raises(PushRequestError, match="subscription.endpoint"):
            subscription_request(body(endpoint=url), WINDOW, NOW, SERVICES)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"endpoint": "http://push.example/x"}, "must be an https:// URL"),
        ({"endpoint": "https://169.254.169.254/x"}, "by a host name, not an address"),
        ({"endpoint": "ftp://push.example/x"}, "must be an https:// URL"),
        ({"endpoint": "https://user:pw@push.example/x"}, "without user or password"),
        ({"endpoint": "https:///nohost"}, "must name a host"),
        ({"endpoint": "https://push.example/" + "x" * 2048}, "longer than 2048"),
        ({"endpoint": 12}, "subscription.endpoint must be a URL"),
        ({"endpoint": "https://push.example:99999/x"}, "not a valid URL"),
        ({"endpoint": "https://push.example/a b"}, "spaces or control"),
        ({"keys": {"p256dh": "!!", "auth": b64url(b"a" * 16)}}, "keys.p256dh must be base64url"),
        ({"keys": {"p256dh": b64url(b"\x04" * 64), "auth": b64url(b"a" * 16)}}, "must be 65 bytes"),
        ({"keys": {"p256dh": b64url(b"\x04" + b"\x01" * 64), "auth": b64url(b"a" * 16)}}, "P-256 point"),
        (
            {"keys": {"p256dh": b64url(DEVICE.public), "auth": b64url(b"a" * 12)}},
            "keys.auth must be 16 bytes",
        ),
        ({"keys": None}, "keys.p256dh"),
        ({"lead": 7}, "lead must be one of 5, 10, 15"),
        ({"lead": "10"}, "lead must be one of"),
        ({"lead": True}, "lead must be one of"),
        ({"wake": "2026-04-07T09:05:00Z"}, "wake must be a list"),
        ({"wake": ["2026-04-07T09:05:00"]}, r"wake\[0\] must be an ISO 8601 time with an offset"),
        ({"wake": ["soon"]}, r"wake\[0\]"),
        ({"wake": [1775545500]}, r"wake\[0\]"),
        ({"wake": ["2026-04-10T09:05:00Z"]}, r"wake\[0\] .* not within a day of the event"),
        ({"wake": ["2026-04-07T09:05:00Z"] * 501}, "at most 500"),
    ],
)
def test_bad_bodies_are_refused_naming_the_field(changes, message):
    with pytest.raises(PushRequestError, match=message):
        subscription_request(body(**changes), WINDOW, NOW)


@pytest.mark.parametrize("bad", [None, [], "x", {"subscription": "x"}])
def test_a_body_that_is_no_object_is_refused(bad):
    with pytest.raises(PushRequestError):
        subscription_request(bad, WINDOW, NOW)
    with pytest.raises(PushRequestError):
        endpoint_request(bad)
