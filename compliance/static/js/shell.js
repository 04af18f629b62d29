// The page's shell (templates/base.html). A table wider than its card scrolls inside it (.table-responsive; a
// <pre> or a .scroll-region likewise): such a box then takes the keyboard focus, so the arrow keys scroll it, and a
// name screen readers announce (WCAG 2.1.1; axe's scrollable-region-focusable). A box that does not scroll stays
// out of the tab order. The name comes from the page itself: data-scroll-name, the table's caption or label, else
// the heading of its card or section, else a generic name the template gives in the page's language.
(function () {
  "use strict";

  function nameOf(box) {
    if (box.dataset.scrollName) return box.dataset.scrollName;
    const table = box.querySelector("table");
    const caption = table && table.caption;
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    if (table && table.getAttribute("aria-label")) return table.getAttribute("aria-label");
    const around = box.closest(".card, section, details, article");
    const heading = around && around.querySelector(".card-header, h2, h3, h4, summary");
    if (heading && heading.textContent.trim()) return heading.textContent.trim().replace(/\s+/g, " ").slice(0, 120);
    return document.body.dataset.scrollLabel || "";
  }

  function scrolls(box) {
    const style = getComputedStyle(box);
    const open = (overflow) => overflow === "auto" || overflow === "scroll";
    return (open(style.overflowX) && box.scrollWidth > box.clientWidth + 1)
      || (open(style.overflowY) && box.scrollHeight > box.clientHeight + 1);
  }

  function mark() {
    document.querySelectorAll(".table-responsive, pre, .scroll-region").forEach(function (box) {
      if (scrolls(box)) {
        if (box.hasAttribute("tabindex")) return;  // focusable already (by its template, or marked before)
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", nameOf(box));
        box.dataset.scrolls = "1";
      } else if (box.dataset.scrolls) {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
        delete box.dataset.scrolls;
      }
    });
  }

  let pending = null;
  window.addEventListener("resize", function () {
    if (pending) cancelAnimationFrame(pending);
    pending = requestAnimationFrame(mark);
  });
  // a <details> opened, a row added: widths change without a resize
  document.addEventListener("toggle", mark, true);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark);
  else mark();
})();
