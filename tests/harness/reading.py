"""How a reader moves through a long page, for the congress tests and bench/back.py."""

# Scrolls the page down to `y` as a reader would, a screen at a time, the list drawing its next
# cards on the way; bounded in steps.
SCROLL_TO = """async (y) => {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  for (let i = 0; i < 400 && Math.abs(window.scrollY - y) > 1; i++) {
    window.scrollTo(0, Math.min(y, window.scrollY + 600));
    await frame(); await frame();
  }
  return window.scrollY;
}"""
