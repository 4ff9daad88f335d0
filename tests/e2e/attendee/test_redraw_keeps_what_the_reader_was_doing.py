"""A page drawn again (static/js/ui/dom.js `redraw`, the app's one way to redraw) keeps what
the reader was doing, whatever the view: text typed and its caret, boxes checked, options
chosen, <details> opened, the focus; and the fresh drawing's listeners are the ones that run."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

SETUP = """async () => {
  const { h, redraw } = await import(document.body.dataset.assets + "js/ui/dom.js");
  window.calls = [];
  const onsubmit = (n) => (e) => {
    e.preventDefault();
    calls.push(`form ${n}`);
  };
  window.draw = (n) => h("form", { class: "probe", onsubmit: onsubmit(n) },
    h("input", { id: "q", type: "search", value: "" }),
    h("label", {}, h("input", { type: "checkbox", name: "ok" }), "OK"),
    h("select", { name: "pick" }, h("option", { value: "a" }, "A"), h("option", { value: "b" }, "B")),
    h("details", { "data-key": "more" }, h("summary", {}, "More"), h("p", {}, `drawing ${n}`)),
    h("button", { type: "button", "data-star": "s1", onclick: () => calls.push(`star ${n}`) }, "Star"),
    h("button", { type: "button", "data-key": "label", onclick: () => calls.push(`label ${n}`) },
      `Label ${n}`),
    h("p", { class: "version" }, `version ${n}`));
  window.redrawWith = (n) => redraw(document.querySelector("#probe"), draw(n));
  const box = h("div", { id: "probe" }, draw(1));
  document.querySelector("main").prepend(box);
}"""


@pytest.fixture
def probe(page, live_server):
    page.goto(live_server.url + "/map")  # a page that does not redraw itself meanwhile
    expect(page.locator("main h1")).to_be_visible()
    page.evaluate(SETUP)
    return page


def test_text_typed_its_caret_and_the_focus_carry_over_into_the_fresh_drawing(probe) -> None:
    box = probe.locator("#q")
    box.fill("rust compilers")
    box.evaluate("(el) => el.setSelectionRange(4, 4)")
    probe.evaluate("window.redrawWith(2)")
    expect(probe.locator(".version")).to_have_text("version 2")
    expect(box).to_be_focused()
    assert box.input_value() == "rust compilers"
    assert box.evaluate("(el) => [el.selectionStart, el.selectionEnd]") == [4, 4]
    probe.keyboard.press("Enter")  # submits the form of the fresh drawing
    assert probe.evaluate("window.calls") == ["form 2"]


def test_boxes_options_and_details_stay_as_the_reader_left_them(probe) -> None:
    probe.get_by_label("OK").check()
    probe.locator("select[name=pick]").select_option("b")
    probe.locator("#probe summary").click()
    probe.evaluate("window.redrawWith(2)")
    expect(probe.locator("#probe details p")).to_have_text("drawing 2")
    expect(probe.get_by_label("OK")).to_be_checked()
    expect(probe.locator("select[name=pick]")).to_have_value("b")
    expect(probe.locator("#probe details")).to_have_attribute("open", "")


def test_a_focused_button_drawn_the_same_is_the_very_element_and_a_held_key_presses_it(probe) -> None:
    star = probe.locator("button[data-star=s1]")
    star.focus()
    probe.evaluate("window.before = document.activeElement")
    probe.keyboard.down("Space")
    probe.evaluate("window.redrawWith(2)")
    expect(probe.locator(".version")).to_have_text("version 2")
    assert probe.evaluate("document.activeElement === window.before && document.contains(window.before)")
    probe.keyboard.up("Space")
    # The element pressed is the one kept, running the fresh drawing's listener.
    assert probe.evaluate("window.calls") == ["star 2"]
    # Its form, kept around it, runs the fresh drawing's listener; its siblings are fresh.
    probe.locator("form.probe").evaluate("(form) => form.requestSubmit()")
    assert probe.evaluate("window.calls") == ["star 2", "form 2"]
    probe.locator("button[data-key=label]").click()
    assert probe.evaluate("window.calls")[-1] == "label 2"


def test_a_focused_control_drawn_differently_is_replaced_and_the_focus_follows_it(probe) -> None:
    probe.locator("button[data-key=label]").focus()
    probe.evaluate("window.before = document.activeElement")
    probe.evaluate("window.redrawWith(2)")
    label = probe.get_by_role("button", name="Label 2")
    expect(label).to_be_focused()
    assert probe.evaluate("document.activeElement !== window.before")
    label.press("Enter")
    assert probe.evaluate("window.calls") == ["label 2"]
