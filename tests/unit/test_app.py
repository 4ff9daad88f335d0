"""The app factory: one way in for static files."""


def test_flasks_default_static_route_is_closed(client):
    assert client.get("/static/css/app.css").status_code == 404
    assert all(rule.endpoint != "static" for rule in client.application.url_map.iter_rules())
