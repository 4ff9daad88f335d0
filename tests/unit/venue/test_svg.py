import json

import pytest

from webapp.venue.svg import MAX_NODES, SvgError, sanitize

ROOMS = {"main", "side"}


def svg(body: str, root: str = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"') -> str:
    return f"<svg {root}>{body}</svg>"


def test_plain_shapes_and_text_survive_as_a_tree_of_dicts():
    plan = sanitize(
        svg(
            '<g transform="translate(1,2)"><rect x="1" y="2" width="3" height="4" fill="#abc"/>'
            '<text x="1" y="2" font-size="3">Lift &amp; stairs</text></g>'
        ),
        ROOMS,
    )
    assert plan.view_box == (0, 0, 100, 50)
    assert plan.nodes == [
        {
            "tag": "g",
            "attrs": {"transform": "translate(1,2)"},
            "children": [
                {"tag": "rect", "attrs": {"x": "1", "y": "2", "width": "3", "height": "4", "fill": "#abc"}},
                {"tag": "text", "attrs": {"x": "1", "y": "2", "font-size": "3"}, "text": "Lift & stairs"},
            ],
        }
    ]
    assert plan.warnings == []


@pytest.mark.parametrize(
    "hostile",
    [
        "<script>alert(1)</script>",
        '<rect onload="alert(1)" width="1" height="1"/>',
        '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>',
        '<image href="https://example.org/x.png" width="1" height="1"/>',
        '<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="https://example.org/s.svg#a"/>',
        '<rect fill="url(https://example.org/p.svg#g)" width="1" height="1"/>',
        '<rect style="fill:url(//example.org/x)" width="1" height="1"/>',
        "<style>@import url(https://example.org/x.css);</style>",
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://example.org"/></div>'
        "</foreignObject>",
        '<animate attributeName="href" to="javascript:alert(1)"/>',
        '<rect class="hidden" id="app" width="1" height="1"/>',
    ],
)
def test_scripts_handlers_and_external_references_never_survive(hostile):
    plan = sanitize(svg(hostile), ROOMS)
    out = json.dumps(plan.nodes).lower()
    for bad in ("script", "alert", "example.org", "href", "on", "url(", "style", "iframe", '"id"', "class"):
        assert bad not in out.replace("width", "").replace("height", ""), (bad, out)


def test_dropped_elements_are_reported_with_their_line():
    plan = sanitize(svg("\n<script>x</script>"), ROOMS)
    assert plan.warnings == ["line 2: dropped <script>"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('<!DOCTYPE svg [<!ENTITY a "aaaa">]>' + svg("<text>&a;</text>"), "DOCTYPE"),
        ('<!DOCTYPE svg SYSTEM "http://example.org/evil.dtd">' + svg(""), "DOCTYPE"),
        ('<html xmlns="http://www.w3.org/1999/xhtml"/>', "not <svg>"),
        (
            svg(
                "<rect",
            ),
            "not well-formed",
        ),
        (svg("", root='xmlns="http://www.w3.org/2000/svg"'), "viewBox"),
        (svg('<rect data-room="ballroom"/>'), "'ballroom' is not a room id"),
        (svg("<g/>" * (MAX_NODES + 1)), "more than"),
        ("", "not well-formed"),
    ],
)
def test_unusable_plans_are_refused_with_a_clear_message(text, message):
    with pytest.raises(SvgError, match=message):
        sanitize(text, ROOMS)


def test_room_shapes_are_marked_by_data_room_or_by_an_id_that_is_a_room():
    plan = sanitize(svg('<rect data-room="main"/><path id="side" d="M0 0 L1 1 Z"/><rect id="lift"/>'), ROOMS)
    assert [n.get("room") for n in plan.nodes] == ["main", "side", None]
    assert plan.rooms == {"main", "side"}
    assert all("id" not in n["attrs"] for n in plan.nodes)
