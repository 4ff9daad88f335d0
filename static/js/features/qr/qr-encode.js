// QR codes drawn on the device (vendored lean-qr), so a session's code and a share link's
// code show offline and cost no request. Drawn as one SVG path of horizontal runs, like the
// server's (webapp/exports/qr.py), with the quiet zone scanners need.

import { correction, generate } from "../../../vendor/lean-qr/nano.mjs";

const SVG = "http://www.w3.org/2000/svg";
const BORDER = 4;

/** An <svg> of the QR code for `text`, labelled `label` for screen readers. */
export function qrSvg(text, label) {
  const code = generate(text, { minCorrectionLevel: correction.M });
  const size = code.size + 2 * BORDER;
  let d = "";
  for (let y = 0; y < code.size; y += 1) {
    for (let x = 0; x < code.size; ) {
      if (!code.get(x, y)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < code.size && code.get(x, y)) x += 1;
      d += `M${start + BORDER} ${y + BORDER}h${x - start}v1h-${x - start}z`;
    }
  }
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "qr");
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("fill", "#000");
  path.setAttribute("d", d);
  svg.append(back, path);
  return svg;
}
